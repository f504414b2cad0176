/**
 * Renders each page family's social-sharing image (JPEG, the format every sharing site reads) to
 * frontend/public/images from the family's scene in frontend/components/artwork.ts, then the
 * site's icons. The pages themselves inline their artwork as SVG (the heroes' scenes, About's
 * story picture): no file, no request, painted with the text (docs/decisions/0022). The
 * outputs are committed; run `npm run images` after changing the artwork.
 */
import { mkdirSync } from 'node:fs'
import sharp from 'sharp'
import { site } from '#frontend/build-identity.ts'
import { artworkSvg } from '#frontend/components/artwork.ts'
import { type ArtworkFamily, artworkCaptions, artworkFamilies } from '#frontend/page-families.ts'
import { socialImagePath, socialImageSize } from '#frontend/seo/social-image.ts'

const outDir = new URL('../frontend/public/images/', import.meta.url).pathname
mkdirSync(outDir, { recursive: true })

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

for (const family of artworkFamilies) {
  await sharp(Buffer.from(socialSvg(family)))
    .jpeg({ quality: 82, mozjpeg: true })
    .toFile(`${outDir}${socialImagePath(family).replace('/images/', '')}`)
}
console.log(`Images written to ${outDir}`)
await import('./generate-icons.ts')
