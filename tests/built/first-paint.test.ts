import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, inject, it } from 'vitest'
import { builtPages } from '../browser/built-site.ts'

/**
 * What the first paint and the start of the scripts need from the built HTML itself
 * (docs/decisions/0027-first-paint-before-scripts.md); the browser's side of it is
 * tests/browser/first-paint.test.ts.
 */

const distDir = inject('distDir')

describe('a page arriving slowly is not drawn in part', () => {
  it('holds the first paint for the end of the page through the page head, on every page', () => {
    for (const page of builtPages(distDir)) {
      expect(page.html, page.path).toContain(
        '<link rel="expect" href="#page-end" blocking="render"/>',
      )
      // Nothing a visitor sees comes after the mark: only the start of the page's scripts.
      const after = page.html.slice(page.html.indexOf('<span id="page-end" hidden=""></span>'))
      expect(
        after.replace(/<script[^>]*>[^<]*<\/script>/g, '').replace(/\s+/g, ''),
        page.path,
      ).toBe('<spanid="page-end"hidden=""></span></div></div></body></html>')
      expect(page.html, page.path).not.toContain('rel="manifest"')
    }
  })
})

describe('the start in every built page', () => {
  // A change of Vike's output is caught here: the module is still the built file the page names.
  it('names its built module in data-entry, and the file is in the build', () => {
    for (const page of builtPages(distDir)) {
      const entry = /<script data-entry="([^"]+)">/.exec(page.html)?.[1]
      expect(entry, page.path).toMatch(/^\/assets\/entries\/[\w.-]+\.js$/)
      expect(() => readFileSync(join(distDir, entry ?? ''))).not.toThrow()
    }
  })
})
