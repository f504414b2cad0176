import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, inject, it } from 'vitest'
import { artworkFamilyFor } from '#frontend/page-families.ts'
import { routes, unlistedPages } from '#shared/routes.ts'
import { builtPages } from '../browser/built-site.ts'

describe('routing', () => {
  it('prerenders the 404 page as 404.html', () => {
    const html = readFileSync(join(inject('distDir'), '404.html'), 'utf8')
    expect(html).toContain('404 Page Not Found')
    expect(html).not.toContain('rel="canonical"')
  })
})

describe('head metadata on every built page', () => {
  const distDir = inject('distDir')
  const pages = builtPages(distDir)

  it('builds the home page and the 404 page at least', () => {
    const built = pages.map((page) => page.file)
    expect(built).toContain('index.html')
    expect(built).toContain('404.html')
  })

  for (const { file: name, path, html: document } of pages) {
    it(`${name} has a title, description, keywords, sharing tags and (unless 404) a canonical URL`, () => {
      const html = document.slice(0, document.indexOf('</head>'))
      expect(html).toMatch(/<html lang="en-GB"/)
      expect(html).toMatch(/<title>[^<]{10,}<\/title>/)
      expect(html).toMatch(/<meta name="description" content="[^"]{30,}"/)
      expect(html).toMatch(/<meta name="keywords" content="[^"]+"/)
      expect(html).toMatch(/<meta property="og:title" content="[^"]+"/)
      expect(html).toMatch(/<meta property="og:description" content="[^"]+"/)
      // A shared link shows the page family's own artwork, a file the build serves.
      const image = `/images/social-${artworkFamilyFor(path)}.jpg`
      expect(html).toContain(
        `<meta property="og:image" content="https://www.elevate-digital.example${image}">`,
      )
      expect(existsSync(join(distDir, image))).toBe(true)
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image">')
      if (name !== '404.html') {
        const canonical = `https://www.elevate-digital.example${path === '/' ? '/' : path}`
        expect(html).toContain(`<link rel="canonical" href="${canonical}"/>`)
        expect(html).toContain(`<meta property="og:url" content="${canonical}"/>`)
        expect([...routes, ...unlistedPages].map((route) => route.path)).toContain(path)
      }
    })
  }
})
