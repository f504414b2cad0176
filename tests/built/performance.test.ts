import { describe, expect, inject, it } from 'vitest'
import { brotli, builtPages, budgetPaths as paths } from '../browser/built-site.ts'

/** The byte budget of the built pages (the browser's budgets: tests/browser/performance.test.ts). */

const distDir = inject('distDir')

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
