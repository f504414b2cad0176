import { describe, expect, it } from 'vitest'
import { routes } from '#shared/routes.ts'
import { robotsTxt, sitemapXml } from './sitemap.ts'

const site = { url: 'https://www.example.co.uk' }

describe('sitemap.xml', () => {
  it('lists each path once as an absolute URL without a trailing slash (except the root)', () => {
    const xml = sitemapXml(site, ['/', '/about', '/services/seo'])
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    )
    expect([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])).toEqual([
      'https://www.example.co.uk/',
      'https://www.example.co.uk/about',
      'https://www.example.co.uk/services/seo',
    ])
    expect(xml.trimEnd().endsWith('</urlset>')).toBe(true)
  })

  it('covers every route of the route list', () => {
    const xml = sitemapXml(
      site,
      routes.map((route) => route.path),
    )
    expect(xml.match(/<url>/g)).toHaveLength(routes.length)
  })

  it('escapes XML special characters in the configured URL', () => {
    expect(sitemapXml({ url: 'https://a.example/?x=1&y=2' }, ['/about'])).toContain(
      '<loc>https://a.example/?x=1&#38;y=2/about</loc>',
    )
  })
})

describe('robots.txt', () => {
  it('allows crawling and points at the sitemap', () => {
    expect(robotsTxt(site)).toBe(
      'User-agent: *\nAllow: /\n\nSitemap: https://www.example.co.uk/sitemap.xml\n',
    )
  })
})
