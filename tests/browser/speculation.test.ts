import type { CDPSession, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { pauseClock, sharedChromium, url, viewports } from './chromium.ts'
import { waitForShell } from './page-start.ts'

/**
 * Instant next pages: a sign of intent on a link (a hover, a press) has the browser fetch the
 * next page ahead through the page's inline speculation rules, and following the link then
 * renders it from there. Chromium refuses to prerender while DevTools (Playwright) is attached,
 * and falls back to the prefetch it made for the prerender; a real visitor's Chromium activates
 * the prerendered page. Either way the navigation entry says where the page came from.
 */

const browser = await sharedChromium()

interface Speculation {
  readonly page: Page
  /** Resolves once the browser holds a usable speculative copy of `path`. */
  readonly ready: (path: string) => Promise<void>
  /** Every URL the browser has speculated on so far. */
  readonly attempted: Set<string>
  readonly ruleSetErrors: string[]
  readonly close: () => Promise<void>
}

async function open(path: string): Promise<Speculation> {
  const context = await browser.newContext({ viewport: viewports.desktop })
  const page = await context.newPage()
  const cdp: CDPSession = await context.newCDPSession(page)
  const attempted = new Set<string>()
  const readyUrls = new Set<string>()
  const waiters: (() => void)[] = []
  const ruleSetErrors: string[] = []
  const record = (event: { key: { url: string }; status: string }) => {
    attempted.add(new URL(event.key.url).pathname)
    if (event.status === 'Ready' || event.status === 'Success') {
      readyUrls.add(new URL(event.key.url).pathname)
      for (const wake of waiters.splice(0)) wake()
    }
  }
  cdp.on('Preload.prefetchStatusUpdated', record)
  cdp.on('Preload.prerenderStatusUpdated', record)
  cdp.on('Preload.ruleSetUpdated', ({ ruleSet }) => {
    if (ruleSet.errorType) ruleSetErrors.push(`${ruleSet.errorType}: ${ruleSet.errorMessage}`)
  })
  await cdp.send('Preload.enable')
  await page.goto(url(path), { waitUntil: 'load' })
  await waitForShell(page)
  const ready = async (target: string) => {
    while (!readyUrls.has(target)) await new Promise<void>((wake) => waiters.push(wake))
  }
  return { page, ready, attempted, ruleSetErrors, close: () => context.close() }
}

/** How the current document arrived: from a prerender, from the prefetch cache, or fetched. */
const arrival = (page: Page) =>
  page.evaluate(() => {
    const [entry] = performance.getEntriesByType('navigation') as (PerformanceNavigationTiming & {
      activationStart: number
      deliveryType: string
    })[]
    return { activationStart: entry?.activationStart ?? 0, deliveryType: entry?.deliveryType ?? '' }
  })

const fromSpeculation = ({ activationStart, deliveryType }: Awaited<ReturnType<typeof arrival>>) =>
  activationStart > 0 || deliveryType === 'navigational-prefetch'

describe('speculation rules', () => {
  it('a hovered link’s page is rendered from the prefetch or prerender it started', async () => {
    const { page, ready, ruleSetErrors, close } = await open('/')
    const link = page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', {
      name: 'About Us',
    })
    await link.hover()
    await ready('/about')
    await link.click()
    await page.waitForURL(url('/about'))
    expect(fromSpeculation(await arrival(page))).toBe(true)
    // The CSP admitted the inline rules (a refused or malformed rule set is reported here).
    expect(ruleSetErrors).toEqual([])
    await close()
  })

  it('a call to action to the contact form (the page with a fragment) arrives from its speculation too', async () => {
    const { page, ready, close } = await open('/')
    const link = page.getByRole('link', { name: 'Start Your Journey' })
    await link.hover()
    await ready('/contact')
    await link.click()
    await page.waitForURL(url('/contact#contact-form'))
    expect(fromSpeculation(await arrival(page))).toBe(true)
    await close()
  })

  it('without a sign of intent the next page is fetched as usual', async () => {
    const { page, attempted, close } = await open('/')
    await page.evaluate(() => {
      location.href = '/values'
    })
    await page.waitForURL(url('/values'))
    expect(fromSpeculation(await arrival(page))).toBe(false)
    expect(attempted.has('/values')).toBe(false)
    await close()
  })

  it('never speculates on a confirmation page, even when its link is pressed', async () => {
    const { page, ready, attempted, close } = await open('/contact')
    // No page links to the confirmation steps (the form's POST leads there); add links to press,
    // whose clicks go nowhere so the test stays on the page.
    const confirmations = ['/contact/sent', '/contact/check-details']
    await page.evaluate((paths) => {
      for (const [index, path] of paths.entries()) {
        const link = document.createElement('a')
        link.href = path
        link.textContent = path
        link.style.cssText = `position:fixed;left:20px;top:${200 + index * 40}px;z-index:9999`
        link.addEventListener('click', (event) => event.preventDefault())
        document.body.append(link)
      }
    }, confirmations)
    // A press is a sign of intent that takes effect at once, without the hover delay.
    for (const path of confirmations) await page.getByRole('link', { name: path }).click()
    // A route link pressed afterwards is speculated on, so the presses above were seen.
    const faq = page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', {
      name: 'FAQ',
    })
    await faq.evaluate((a) => a.addEventListener('click', (event) => event.preventDefault()))
    await faq.click()
    await ready('/faq')
    expect([...attempted].filter((path) => path.startsWith('/contact/'))).toEqual([])
    await close()
  })

  it('a prerendered page counts the cookie banner’s 1.5 s from the visitor’s arrival', async () => {
    const context = await browser.newContext({ viewport: viewports.desktop })
    const page = await context.newPage()
    // Chromium will not prerender under DevTools, so the page is told it is being prerendered
    // the way the browser tells it: `document.prerendering`, then a `prerenderingchange` event.
    await page.addInitScript(() => {
      let prerendering = true
      Object.defineProperty(document, 'prerendering', { get: () => prerendering })
      Object.assign(window, {
        activate: () => {
          prerendering = false
          document.dispatchEvent(new Event('prerenderingchange'))
        },
      })
    })
    await pauseClock(page)
    await page.goto(url('/about'), { waitUntil: 'load' })
    await waitForShell(page)
    const banner = page.locator('[data-cookie-banner]')
    await page.clock.runFor(10_000)
    await expect(banner.isVisible()).resolves.toBe(false)

    await page.evaluate(() => (window as unknown as { activate: () => void }).activate())
    await page.clock.runFor(1499)
    await expect(banner.isVisible()).resolves.toBe(false)
    await page.clock.runFor(1)
    await expect(banner.isVisible()).resolves.toBe(true)
    await context.close()
  })
})
