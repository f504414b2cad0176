/**
 * Renders the site's artwork (self-hosted in place of stock photos) to responsive AVIF, WebP and
 * JPEG files in frontend/public/images: About's story image, and the default social-sharing image
 * drawn from the home page's hero scene. The heroes' scenes (frontend/components/artwork.ts) are
 * inlined into the pages as SVG instead: no file, no request, painted with the heading. The outputs are
 * committed; run `npm run images` after changing the artwork below.
 */
import { mkdirSync } from 'node:fs'
import sharp from 'sharp'
import { artworkSvg } from '../frontend/components/artwork.ts'
import { imageWidths } from '../frontend/components/images.ts'

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

const socialSvg = `
<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  ${artworkSvg('home', { width: 1200, height: 630 }).replace(/<\/?svg[^>]*>/g, '')}
  <text x="80" y="300" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="84" fill="#ffffff">Elevate Digital</text>
  <text x="80" y="380" font-family="DejaVu Sans, sans-serif" font-size="40" fill="#dbe6ff">Digital marketing that grows UK businesses</text>
</svg>`

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
await sharp(Buffer.from(socialSvg))
  .jpeg({ quality: 82, mozjpeg: true })
  .toFile(`${outDir}social-default.jpg`)
console.log(`Images written to ${outDir}`)
await import('./generate-icons.ts')
