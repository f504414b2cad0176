import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { routes } from '#shared/routes.ts'
import { expectNoAxeViolations, launchChromium, url, viewports } from './chromium.ts'
import { waitForShell } from './page-start.ts'

const siteUrl = 'https://www.elevate-digital.example'
const routePaths: string[] = routes.map((route) => route.path)

describe('accessibility: zero axe violations (WCAG 2.2 AA) on every route and the 404', () => {
  let browser: Browser
  const tabs = new Map<string, { context: BrowserContext; page: Page }>()
  beforeAll(async () => {
    browser = await launchChromium()
    // One browser, one tab per viewport, reused from route to route: the machine has two cores.
    for (const [name, viewport] of Object.entries(viewports)) {
      const context = await browser.newContext({ viewport })
      tabs.set(name, { context, page: await context.newPage() })
    }
  })
  afterAll(() => browser?.close())

  it('finds the faults axe finds on a page that has them (the checks below can fail)', async () => {
    const context = await browser.newContext({ viewport: viewports.phone })
    const page = await context.newPage()
    await page.setContent(
      '<!DOCTYPE html><html lang="en-GB"><title>Faults</title><main>' +
        '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><p style="color:#ddd;background:#fff">Faint</p></main>',
    )
    // The failed assertion carries the violations it found.
    await expect(expectNoAxeViolations(page)).rejects.toMatchObject({
      actual: [expect.stringMatching(/^color-contrast:/), expect.stringMatching(/^image-alt:/)],
    })
    await context.close()
  })

  const targets = [...routePaths, '/this-page-does-not-exist']
  for (const [name, viewport] of Object.entries(viewports)) {
    for (const path of targets) {
      it(`${path} at ${viewport.width} px`, async () => {
        const tab = tabs.get(name)
        if (!tab) throw new Error(`no tab for ${name}`)
        await tab.page.goto(url(path), { waitUntil: 'load' })
        // Audit the page as a visitor has it, with what the shell adds.
        await waitForShell(tab.page)
        await expectNoAxeViolations(tab.page)
      })
    }
  }
})

describe('sitemap.xml and robots.txt', () => {
  const get = (path: string) => fetch(url(path))

  it('lists every route, and only the routes, as absolute canonical URLs', async () => {
    const response = await get('/sitemap.xml')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/xml/)
    const xml = await response.text()
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/)
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])
    expect(locations).toEqual(
      routePaths.map((path) => (path === '/' ? `${siteUrl}/` : `${siteUrl}${path}`)),
    )
  })

  it('serves a page at every sitemap location', async () => {
    for (const path of routePaths) {
      const response = await fetch(url(path), { redirect: 'manual' })
      expect(response.status, path).toBe(200)
    }
  })

  it('points crawlers at the sitemap', async () => {
    const response = await get('/robots.txt')
    expect(response.status).toBe(200)
    const robots = await response.text()
    expect(robots).toContain('User-agent: *')
    expect(robots).toContain(`Sitemap: ${siteUrl}/sitemap.xml`)
    expect(robots).not.toMatch(/Disallow: \/\s*$/m)
  })
})
