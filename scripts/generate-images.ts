/**
 * Renders the site's artwork (self-hosted in place of stock photos) to files in
 * frontend/public/images: About's story image as responsive AVIF, WebP and JPEG, and each page
 * family's social-sharing image (JPEG, the format every sharing site reads) from the family's scene
 * in frontend/components/artwork.ts. The heroes inline those scenes as SVG instead: no file, no
 * request, painted with the heading (docs/decisions/0022). The outputs are committed; run
 * `npm run images` after changing the artwork.
 */
import { mkdirSync } from 'node:fs'
import sharp from 'sharp'
import {
  type ArtworkFamily,
  artworkCaptions,
  artworkFamilies,
  artworkSvg,
} from '../frontend/components/artwork.ts'
import { imageWidths, socialImagePath, socialImageSize } from '../frontend/components/images.ts'
import { site } from '../frontend/site.ts'

const outDir = new URL('../frontend/public/images/', import.meta.url).pathname
mkdirSync(outDir, { recursive: true })

function nodes(count: number, width: number, height: number, seed: number): string {
  let state = seed
  const random = () => {
    state = (state * 16807) % 2147483647
    return state / 2147483647
  }
  const points = Array.from({ length: count }, () => [random() * width, random() * height])
  const lines = points
    .map(([x1, y1], i) => {
      const [x2, y2] = points[(i * 7 + 3) % count] ?? [0, 0]
      return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="#7aa2ff" stroke-opacity="0.18" stroke-width="2"/>`
    })
    .join('')
  const dots = points
    .map(
      ([x, y], i) =>
        `<circle cx="${x}" cy="${y}" r="${4 + (i % 5) * 3}" fill="#9db8ff" fill-opacity="${0.25 + (i % 4) * 0.15}"/>`,
    )
    .join('')
  return lines + dots
}

const aboutSvg = (width: number, height: number) => `
<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="bg" x1="0" y1="1" x2="1" y2="0">
      <stop offset="0" stop-color="#13265e"/><stop offset="1" stop-color="#2f5bea"/>
    </linearGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#bg)"/>
  ${nodes(36, width, height, 7)}
  ${[0.18, 0.34, 0.5, 0.66]
    .map(
      (x, i) =>
        `<rect x="${width * x}" y="${height * (0.75 - i * 0.12)}" width="${width * 0.1}" height="${height * (0.15 + i * 0.12)}" rx="12" fill="#ffffff" fill-opacity="0.8"/>`,
    )
    .join('')}
</svg>`

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** The family's scene under the hero's dark veil, with the agency's name and the family's caption. */
const socialSvg = (family: ArtworkFamily) => {
  const { width, height } = socialImageSize
  return `
<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  ${artworkSvg(family, socialImageSize)}
  <defs><linearGradient id="veil"><stop offset="0" stop-color="#080f2d" stop-opacity="0.88"/><stop offset="1" stop-color="#080f2d" stop-opacity="0.4"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#veil)"/>
  <text x="80" y="290" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="76" fill="#ffffff">${escapeXml(site.name)}</text>
  <text x="80" y="365" font-family="DejaVu Sans, sans-serif" font-size="38" fill="#dbe6ff">${escapeXml(artworkCaptions[family])}</text>
</svg>`
}

async function responsive(name: string, svg: (w: number, h: number) => string, aspect: number) {
  const master = await sharp(Buffer.from(svg(1920, Math.round(1920 / aspect))))
    .png()
    .toBuffer()
  for (const width of imageWidths) {
    const resized = sharp(master).resize({ width })
    await resized.clone().avif({ quality: 50 }).toFile(`${outDir}${name}-${width}.avif`)
    await resized.clone().webp({ quality: 70 }).toFile(`${outDir}${name}-${width}.webp`)
    await resized
      .clone()
      .jpeg({ quality: 75, mozjpeg: true })
      .toFile(`${outDir}${name}-${width}.jpg`)
  }
}

await responsive('about', aboutSvg, 3 / 2)
for (const family of artworkFamilies) {
  await sharp(Buffer.from(socialSvg(family)))
    .jpeg({ quality: 82, mozjpeg: true })
    .toFile(`${outDir}${socialImagePath(family).replace('/images/', '')}`)
}
console.log(`Images written to ${outDir}`)
await import('./generate-icons.ts')
