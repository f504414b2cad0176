/**
 * The site's icons from its one source, frontend/public/favicon.svg: favicon.ico (for browsers
 * and tools that ask for it by name) and apple-touch-icon.png, plus the web manifest's icons.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import sharp from 'sharp'

const publicDir = new URL('../frontend/public/', import.meta.url).pathname
const svg = readFileSync(`${publicDir}favicon.svg`)

const png = (size: number) => sharp(svg, { density: 600 }).resize(size, size).png().toBuffer()

/** An .ico holding one PNG image (read by every browser since 2007). */
function ico(image: Buffer, size: number): Buffer {
  const header = Buffer.alloc(6 + 16)
  header.writeUInt16LE(0, 0) // reserved
  header.writeUInt16LE(1, 2) // type: icon
  header.writeUInt16LE(1, 4) // one image
  header.writeUInt8(size, 6)
  header.writeUInt8(size, 7)
  header.writeUInt16LE(1, 10) // colour planes
  header.writeUInt16LE(32, 12) // bits per pixel
  header.writeUInt32LE(image.length, 14)
  header.writeUInt32LE(header.length, 18)
  return Buffer.concat([header, image])
}

writeFileSync(`${publicDir}favicon.ico`, ico(await png(32), 32))
// Apple draws its own rounded corners: the touch icon is the artwork on a full square.
await sharp(svg, { density: 600 })
  .resize(180, 180)
  .flatten({ background: '#1a3aa3' })
  .png()
  .toFile(`${publicDir}apple-touch-icon.png`)
await sharp(svg, { density: 600 }).resize(512, 512).png().toFile(`${publicDir}icon-512.png`)
console.log(`Icons written to ${publicDir}`)
