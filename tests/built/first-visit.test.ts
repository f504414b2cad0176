import { describe, expect, inject, it } from 'vitest'
import { contactFormHref, routes } from '#shared/routes.ts'
import { builtPages } from '../browser/built-site.ts'

describe('contact calls to action', () => {
  it('every link to the contact page, on every page, leads to its form', () => {
    const found: string[] = []
    for (const page of builtPages(inject('distDir'))) {
      for (const [, href = ''] of page.html.matchAll(/<a\b[^>]*\shref="(\/contact[^"]*)"/g)) {
        found.push(href)
        expect(href, `a link on ${page.path}`).toBe(contactFormHref)
      }
    }
    // The home page alone has eight (the header's two, the hero, the tiles, the closing block...).
    expect(found.length).toBeGreaterThan(routes.length * 2)
  })
})
