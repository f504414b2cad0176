import { brotliCompressSync, constants } from 'node:zlib'
import { describe, expect, inject, it } from 'vitest'
import { routes, unlistedPages } from '../../shared/routes.ts'
import { builtPages } from '../browser/built-site.ts'

/** The byte budget of the built pages (the browser's budgets: tests/browser/performance.test.ts). */

const distDir = inject('distDir')
const brotli = (data: Buffer | string) =>
  brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length
const paths = [
  ...routes.map((route) => route.path),
  '/this-page-does-not-exist',
  ...unlistedPages.map((page) => page.path),
]

describe('HTML: each page fits in the first round trip (14 KB brotli)', () => {
  const pages = builtPages(distDir)
  it('covers every route, the 404 and the unlisted pages', () => {
    expect(pages.length).toBeGreaterThanOrEqual(paths.length)
  })
  for (const page of pages) {
    it(`${page.path}`, () => {
      expect(brotli(page.html)).toBeLessThanOrEqual(14 * 1024)
    })
  }
})
