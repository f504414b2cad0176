import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { inlineScriptsRefused } from '#infra/inline-scripts.ts'
import { createStaticSite } from '#local/static-site.ts'
import { routes } from '#shared/routes.ts'
import { builtPages } from './built-site.ts'
import { layoutShift, sharedChromium, url, viewports, wholeChromium } from './chromium.ts'
import { waitForShell } from './page-start.ts'

/**
 * A page is drawn whole, then its scripts start (docs/decisions/0027-first-paint-before-scripts.md):
 * the first paint waits until the page is parsed to its end, and the page's module is fetched
 * only once that paint is on screen.
 */

const browser = await sharedChromium()
// The icon checks: the whole browser asks for /favicon.ico on its own, the headless shell never.
const wholeBrowser = await wholeChromium()

/** What the page itself reports: its first contentful paint, and when each script was asked for. */
const timings = (page: Page) =>
  page.evaluate(() => ({
    firstContentfulPaint:
      performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    scripts: performance
      .getEntriesByType('resource')
      .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'script')
      .map((entry) => ({ path: new URL(entry.name).pathname, startTime: entry.startTime })),
    manifest: document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href ?? null,
  }))

describe("a page's scripts start after its first paint", () => {
  for (const path of [...routes.map((route) => route.path), '/this-page-does-not-exist']) {
    it(`${path}: the module is fetched after the first contentful paint, and the manifest declared`, async () => {
      const context = await browser.newContext({ viewport: viewports.phone })
      const page = await context.newPage()
      await page.goto(url(path), { waitUntil: 'load' })
      await waitForShell(page)
      const { firstContentfulPaint, scripts, manifest } = await timings(page)
      const entry = scripts.find((script) => script.path.startsWith('/assets/entries/'))
      expect(entry, 'the page fetched its module').toBeDefined()
      expect(entry?.startTime).toBeGreaterThanOrEqual(firstContentfulPaint)
      expect(manifest).toBe(url('/site.webmanifest'))
      await context.close()
    })
  }
})

/** Every request the page makes while loading, with its type as the browser saw it. */
async function requestsWhileLoading(page: Page, path: string, builtPage = true) {
  // From the browser's own network log: Playwright's request events leave out the icon fetch.
  const cdp = await page.context().newCDPSession(page)
  const requests: { path: string; type: string }[] = []
  cdp.on('Network.requestWillBeSent', ({ request, type }) => {
    requests.push({ path: new URL(request.url).pathname, type: type ?? 'Other' })
  })
  await cdp.send('Network.enable')
  await page.goto(url(path), { waitUntil: 'load' })
  if (builtPage) await waitForShell(page)
  await page.waitForLoadState('networkidle')
  return requests
}

describe('the first paint needs the HTML alone', () => {
  it('sees the icon request a browser makes for a page that declares none (the check below can fail)', async () => {
    const context = await wholeBrowser.newContext({ viewport: viewports.phone })
    const page = await context.newPage()
    await page.route(url('/a-page-without-an-icon'), (route) =>
      route.fulfill({
        contentType: 'text/html; charset=utf-8',
        body: '<!DOCTYPE html><html lang="en-GB"><title>No icon</title><p>No icon declared.</p>',
      }),
    )
    const requests = await requestsWhileLoading(page, '/a-page-without-an-icon', false)
    expect(requests.map((request) => request.path)).toContain('/favicon.ico')
    await context.close()
  })

  for (const [name, viewport] of Object.entries(viewports)) {
    for (const path of [...routes.map((route) => route.path), '/this-page-does-not-exist']) {
      it(`${path} on a ${name}: no icon and no image is fetched, the artwork comes with the HTML`, async () => {
        const context = await wholeBrowser.newContext({ viewport })
        const page = await context.newPage()
        const requests = await requestsWhileLoading(page, path)
        // The tab icon comes inside the page, so a browser asks for none (not even /favicon.ico).
        expect(requests.filter((request) => /icon/.test(request.path))).toEqual([])
        // The heroes' scenes and About's picture are inline SVG: nothing to wait for.
        expect(requests.filter((request) => request.type === 'Image')).toEqual([])
        await context.close()
      })
    }
  }
})

describe('a page arriving slowly is not drawn in part', () => {
  const distDir = inject('distDir')
  const HOLD_MS = 600
  let server: Server
  let origin = ''
  beforeAll(async () => {
    // The built page in two parts, cut halfway through its footer, the second part held back:
    // a slow network, or a slow phone's parser pausing there. Its own files are served as the
    // local site serves them.
    const pages = builtPages(distDir)
    const serveStatic = createStaticSite({ root: distDir, analytics: false })
    server = createServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://localhost').pathname
      const page = pages.find((built) => built.path === path)
      if (!page) {
        // A file that fails to serve breaks the page's load, and with it the test.
        serveStatic(request, response).catch((error: Error) => response.destroy(error))
        return
      }
      const footer = page.html.indexOf('<footer')
      const split = footer + Math.floor((page.html.indexOf('</footer>') - footer) / 2)
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
      response.write(page.html.slice(0, split))
      setTimeout(() => response.end(page.html.slice(split)), HOLD_MS)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  // /contact/sent is short: its footer sits at the foot of the screen, and a footer drawn half
  // parsed there grows upwards as the rest arrives.
  for (const path of ['/', '/services', '/about', '/contact/sent']) {
    it(`${path}: nothing is painted until the whole page arrives, and nothing moves once its scripts run`, async () => {
      const context = await browser.newContext({ viewport: viewports.desktop })
      const page = await context.newPage()
      const requestedAt = Date.now()
      await page.goto(`${origin}${path}`, { waitUntil: 'load' })
      const arrivedAt = Date.now()
      expect(arrivedAt - requestedAt).toBeGreaterThanOrEqual(HOLD_MS)
      const firstContentfulPaint = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            // The first contentful paint is reported once it is on screen.
            new PerformanceObserver((list, observer) => {
              const [entry] = list.getEntriesByName('first-contentful-paint')
              if (!entry) return
              observer.disconnect()
              resolve(entry.startTime)
            }).observe({ type: 'paint', buffered: true })
          }),
      )
      expect(firstContentfulPaint).toBeGreaterThanOrEqual(HOLD_MS)
      await waitForShell(page)
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      )
      expect(await layoutShift(page)).toBe(0)
      await context.close()
    })
  }
})

describe('the start in every built page', () => {
  const distDir = inject('distDir')

  it('is admitted, with every other inline script, by the CSP the site is served with', async () => {
    const response = await fetch(url('/'))
    const csp = response.headers.get('content-security-policy') ?? ''
    expect(csp).toContain('script-src')
    expect(inlineScriptsRefused(distDir, csp)).toEqual([])
  })
})
