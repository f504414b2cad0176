import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { routes } from '../../shared/routes.ts'
import { launchChromium, openPage, viewports } from './chromium.ts'

/**
 * The first paint waits for the HTML alone: every page's scripts and its web manifest link are
 * added once the page is on screen (shared/after-first-paint.ts), and the page's icon comes with
 * the HTML. Nothing but the page's own images is fetched before the first paint.
 */

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(() => browser?.close())

describe('the first paint waits for the HTML alone', () => {
  for (const path of [...routes.map((route) => route.path), '/no-such-page']) {
    it(`${path}: scripts and the manifest link come after the first contentful paint`, async () => {
      const { page, response, requests, close } = await openPage(browser, path, viewports.phone)
      const timing = await page.evaluate(() => ({
        firstContentfulPaint:
          performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'script')
          .map((entry) => ({ name: new URL(entry.name).pathname, startTime: entry.startTime })),
        manifest: document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href,
      }))
      expect(timing.firstContentfulPaint).toBeGreaterThan(0)
      expect(timing.scripts.length).toBeGreaterThan(0)
      for (const script of timing.scripts) {
        expect(script.startTime, script.name).toBeGreaterThan(timing.firstContentfulPaint)
      }
      // The loader adds the manifest link with the script, so it too comes after the paint.
      expect(await response?.text()).not.toMatch(/<link[^>]*rel="manifest"/)
      expect(timing.manifest).toMatch(/\/site\.webmanifest$/)
      expect(requests.filter((request) => /favicon|apple-touch/.test(request))).toEqual([])
      await close()
    })
  }
})
