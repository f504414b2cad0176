import type { Browser } from 'playwright-core'
import { median } from './stats.ts'

/**
 * The next page after a sign of intent: the home page, a hover on the main navigation's 'About
 * Us' long enough for the page's speculation rules (moderate eagerness: 200 ms), then the click;
 * the figure is the next page's first contentful paint from its navigation's start. "Without"
 * takes the rules out of the first page before the hover, so nothing is fetched ahead.
 *
 * Network and CPU as Lighthouse's mobile preset simulates them (150 ms round trip, 1.6 Mbit/s
 * down, 4x CPU), applied by DevTools. DevTools also keeps Chromium from prerendering (it falls back
 * to the prefetch it made for the prerender), so "with" is the prefetch: a visitor's Chromium,
 * which activates the prerendered page, is at least as fast.
 */

const FROM = '/'
const LINK = 'About Us'
const TO = '/about'

export interface NextPageFigures {
  readonly withSpeculationMs: number
  readonly withoutMs: number
  readonly samples: number
  /** How each "with" sample's page arrived (navigational-prefetch, or a prerender). */
  readonly arrivals: string[]
}

async function sample(browser: Browser, baseUrl: string, speculation: boolean) {
  const context = await browser.newContext({ viewport: { width: 1350, height: 940 } })
  // A returning visitor: the cookie banner is not what is measured.
  await context.addInitScript(() => localStorage.setItem('cookie-consent', 'declined'))
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  const ready = new Promise<void>((resolve) => {
    const settle = (event: { key: { url: string }; status: string }) => {
      if (new URL(event.key.url).pathname !== TO) return
      if (event.status === 'Ready' || event.status === 'Success') resolve()
    }
    cdp.on('Preload.prefetchStatusUpdated', settle)
    cdp.on('Preload.prerenderStatusUpdated', settle)
  })
  await cdp.send('Preload.enable')
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await page.goto(`${baseUrl}${FROM}`, { waitUntil: 'networkidle' })
  // Taking the rules' element out of the page takes its rules away (the page as it was before
  // them); rewriting the response instead would fetch it outside the throttled network.
  if (!speculation) {
    await page.evaluate(() => document.querySelector('script[type="speculationrules"]')?.remove())
  }
  const link = page
    .getByRole('navigation', { name: 'Main', exact: true })
    .getByRole('link', { name: LINK })
  await link.hover()
  if (speculation) {
    let timer: NodeJS.Timeout | undefined
    await Promise.race([
      ready,
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`${TO} was not fetched ahead within 10 s`)),
          10_000,
        )
      }),
    ]).finally(() => clearTimeout(timer))
  } else {
    // As long as a visitor's hover would last: the same pause, nothing to wait for.
    await page.waitForTimeout(500)
  }
  await link.click()
  await page.waitForURL(`${baseUrl}${TO}`)
  const paint = await page.evaluate(async () => {
    const fcp = await new Promise<number>((resolve) =>
      new PerformanceObserver((list) => {
        const [entry] = list.getEntriesByName('first-contentful-paint')
        if (entry) resolve(entry.startTime)
      }).observe({ type: 'paint', buffered: true }),
    )
    const [entry] = performance.getEntriesByType('navigation') as (PerformanceNavigationTiming & {
      activationStart: number
      deliveryType: string
    })[]
    const activationStart = entry?.activationStart ?? 0
    return {
      // A prerendered page painted before it was shown: what the visitor waited for is activation.
      ms: Math.max(fcp, activationStart),
      arrival: activationStart > 0 ? 'prerender' : entry?.deliveryType || 'network',
    }
  })
  await context.close()
  return paint
}

/** Median of `runs` samples with the rules and as many without, alternating. */
export async function nextPageMs(
  browser: Browser,
  baseUrl: string,
  runs: number,
): Promise<NextPageFigures> {
  const withRules: number[] = []
  const without: number[] = []
  const arrivals: string[] = []
  for (let run = 0; run < runs; run++) {
    const fast = await sample(browser, baseUrl, true)
    withRules.push(fast.ms)
    arrivals.push(fast.arrival)
    without.push((await sample(browser, baseUrl, false)).ms)
  }
  return {
    withSpeculationMs: Math.round(median(withRules)),
    withoutMs: Math.round(median(without)),
    samples: runs,
    arrivals,
  }
}

export const nextPageRoute = { from: FROM, link: LINK, to: TO }
