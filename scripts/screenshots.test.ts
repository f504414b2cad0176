import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { scriptsAfterPaintHtml } from '#shared/scripts-after-paint.ts'
import { allPaths, fileStem, parseScreenshotOptions, takeScreenshots } from './screenshots.ts'

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/** A PNG's size from its IHDR chunk, which always comes first. */
function pngSize(file: string) {
  const bytes = readFileSync(file)
  expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE), `${file} is a PNG`).toBe(true)
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

const temp = mkdtempSync(join(tmpdir(), 'screenshots-'))
afterAll(() => rmSync(temp, { recursive: true, force: true }))

describe('screenshot options', () => {
  it('shoots every page of the sitemap, and the 404 page, into screenshots/ by default', () => {
    const options = parseScreenshotOptions([])
    expect(options.paths).toEqual(allPaths)
    expect(options.paths).toContain('/services/website-development')
    expect(options.out.endsWith('/screenshots')).toBe(true)
    expect(options.build).toBe(false)
  })

  it('takes --out, --route and --build', () => {
    const options = parseScreenshotOptions(['--out', temp, '--route', '/faq', '--build'])
    expect(options).toMatchObject({ out: temp, paths: ['/faq'], build: true })
    expect(() => parseScreenshotOptions(['--route', 'faq'])).toThrow(/--route/)
  })

  it('names files after the page', () => {
    expect(allPaths.map(fileStem)).toContain('home')
    expect(fileStem('/services/seo')).toBe('services-seo')
    expect(new Set(allPaths.map(fileStem)).size).toBe(allPaths.length)
  })
})

describe('npm run screenshots', () => {
  it('writes full-page PNGs of each page at 390 px and 1366 px', async () => {
    // A small stand-in for a build: a page much taller than the window, and a second one, each
    // starting its module after the first paint as built pages do (the shots wait for it).
    const dist = join(temp, 'dist')
    mkdirSync(join(dist, 'about'), { recursive: true })
    mkdirSync(join(dist, 'assets', 'entries'), { recursive: true })
    writeFileSync(join(dist, 'assets', 'entries', 'page.js'), 'document.body.dataset.ran = ""\n')
    const start = scriptsAfterPaintHtml('/assets/entries/page.js')
    writeFileSync(
      join(dist, 'index.html'),
      `<!doctype html><title>Home</title><body style="margin:0"><div style="height:2400px">Tall</div>${start}`,
    )
    writeFileSync(
      join(dist, 'about', 'index.html'),
      `<!doctype html><title>About</title><p>About${start}`,
    )
    const out = join(temp, 'shots')
    const written = await takeScreenshots({ out, dist, build: false, paths: ['/', '/about'] })
    expect(written.map((file) => file.slice(out.length + 1))).toEqual([
      'home-390.png',
      'home-1366.png',
      'about-390.png',
      'about-1366.png',
    ])
    expect(pngSize(join(out, 'home-390.png'))).toEqual({ width: 390, height: 2400 })
    expect(pngSize(join(out, 'home-1366.png'))).toEqual({ width: 1366, height: 2400 })
    expect(pngSize(join(out, 'about-390.png')).width).toBe(390)
    expect(pngSize(join(out, 'about-1366.png')).width).toBe(1366)
  }, 60_000)
})
