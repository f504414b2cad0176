import { describe, expect, it } from 'vitest'
import { contactFormHref, routes } from '#shared/routes.ts'
import { brandColours, parseSite } from '#shared/site.ts'
import { openPage, sharedChromium, url } from './chromium.ts'
import { breadcrumbs } from './page-reading.ts'

const browser = await sharedChromium()

describe('finding your way', () => {
  it('/contact has a breadcrumb trail like the other inner pages', async () => {
    const { page, close } = await openPage(browser, '/contact')
    expect(await breadcrumbs(page)).toEqual(['Home', 'Contact'])
    await close()
  })

  it('a service page marks Services as the current section in the navigation', async () => {
    const { page, close } = await openPage(browser, '/services/ppc')
    const nav = page.getByRole('navigation', { name: 'Main', exact: true })
    const services = nav.getByRole('link', { name: 'Services' })
    await expect(services.getAttribute('aria-current')).resolves.toBe('true')
    const home = nav.getByRole('link', { name: 'Home' })
    await expect(home.getAttribute('aria-current')).resolves.toBe(null)
    // It looks current too: underlined in the brand colour, unlike its neighbours.
    const look = (link: typeof home) =>
      link.evaluate((el) => getComputedStyle(el).textDecorationLine)
    expect(await look(services)).toBe('underline')
    expect(await look(home)).toBe('none')
    await close()
  })

  it('the 404 page keeps its heading and sentence and offers Home, Services and Contact', async () => {
    const { page, response, close } = await openPage(browser, '/no-such-page')
    expect(response?.status()).toBe(404)
    await expect(page.locator('h1').textContent()).resolves.toBe('404 Page Not Found')
    await expect(
      page.getByText('Did you forget to add the page to the router?').count(),
    ).resolves.toBe(1)
    const links = await page
      .getByRole('navigation', { name: 'Helpful links' })
      .getByRole('link')
      .evaluateAll((anchors) => anchors.map((a) => [a.textContent, a.getAttribute('href')]))
    expect(links).toEqual([
      ['Home', '/'],
      ['Services', '/services'],
      // Straight to the form, as every other way to the contact page.
      ['Contact', contactFormHref],
    ])
    await close()
  })
})

describe('icons and sharing', () => {
  it('serves favicon.ico, apple-touch-icon.png and a web manifest the CSP allows', async () => {
    const { page, close } = await openPage(browser, '/')
    const violations: string[] = []
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) violations.push(message.text())
    })
    for (const [path, type] of [
      ['/favicon.ico', 'image/x-icon'],
      ['/apple-touch-icon.png', 'image/png'],
      ['/site.webmanifest', 'application/manifest+json'],
    ] as const) {
      const response = await page.request.get(url(path))
      expect(response.status(), path).toBe(200)
      expect(response.headers()['content-type'], path).toBe(type)
    }
    const manifest = await page.evaluate(async () => {
      const link = document.querySelector<HTMLLinkElement>('link[rel=manifest]')
      return link ? (await fetch(link.href)).json() : null
    })
    expect(manifest.icons.length).toBeGreaterThan(0)
    // Generated from the identity config the site was built with (the placeholder identity here).
    const site = parseSite({})
    expect(manifest).toMatchObject({
      name: site.name,
      short_name: site.shortName,
      theme_color: brandColours.theme,
      background_color: brandColours.background,
    })
    await expect(page.locator('meta[name="theme-color"]').getAttribute('content')).resolves.toBe(
      manifest.theme_color,
    )
    for (const icon of manifest.icons) {
      expect((await page.request.get(url(icon.src))).status(), icon.src).toBe(200)
    }
    expect(violations).toEqual([])
    await close()
  })

  for (const path of [...routes.map((route) => route.path), '/no-such-page']) {
    it(`${path} carries og:url and alt text for its social image`, async () => {
      const { page, close } = await openPage(browser, path)
      // The tags are in the prerendered HTML: read them at once (a missing one is null), with no
      // locator wait that a busy machine can outlast.
      const meta = (selector: string) =>
        page.evaluate(
          (query) => document.querySelector(query)?.getAttribute('content') ?? null,
          selector,
        )
      await expect(meta('meta[property="og:url"]')).resolves.toMatch(/^https:\/\//)
      // The agency's name, then what the family's picture is about.
      await expect(meta('meta[property="og:image:alt"]')).resolves.toMatch(
        /^Elevate Digital: \S+ \S+/,
      )
      await close()
    })
  }
})
