import type { Page } from 'playwright-core'
import { describe, it } from 'vitest'
import { BANNER_DELAY_MS } from '../../frontend/consent/constants.ts'
import { routes, unlistedPages } from '../../shared/routes.ts'
import {
  expectNoAxeViolations,
  pauseClock,
  reviewViewports,
  settleAnimations,
  sharedChromium,
  url,
} from './chromium.ts'
import { waitForShell } from './page-start.ts'

/**
 * WCAG 2.2 success criterion 2.4.11 (Focus Not Obscured) on a first visit: with the cookie
 * banner open at the bottom of the screen, a keyboard user tabbing from the top of any page to
 * its end sees every control they reach, wholly above the banner, including the footer's last
 * links, which the page must be able to scroll clear of it.
 */

const browser = await sharedChromium()

const pages = [...routes, ...unlistedPages].map((route) => route.path as string)
// The 404 page, at an address no page has.
pages.push('/no-such-page')

/**
 * A first visit to `path` in a context of its own (nothing stored), at rest with the banner open.
 * The banner's 1.5 s wait runs on the fake clock, then time flows again as a visitor's does.
 */
async function openFirstVisit(path: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport })
  const page = await context.newPage()
  await pauseClock(page)
  await page.goto(url(path), { waitUntil: 'load' })
  await waitForShell(page)
  await page.clock.runFor(BANNER_DELAY_MS)
  await page.clock.resume()
  const banner = page.locator('[data-cookie-banner][data-state="open"]')
  await banner.waitFor()
  await settleAnimations(page)
  return { page, banner, close: () => context.close() }
}

/**
 * Where the focused control is against the banner's top edge, or `null` at the end; `at` is its
 * place in the page (scrolled or not), which tells a control met again. One round trip.
 */
function readFocused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement
    if (!element || element === document.body) return null
    const banner = document.querySelector('[data-cookie-banner]') as HTMLElement
    const box = element.getBoundingClientRect()
    const label = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim()
    return {
      name: `${element.tagName.toLowerCase()} "${label.slice(0, 30)}"`,
      inBanner: banner.contains(element),
      top: Math.round(box.top),
      bottom: Math.round(box.bottom),
      at: Math.round(box.top) + scrollY,
      bannerTop: Math.round(banner.getBoundingClientRect().top),
    }
  })
}

/** Tabs from the top of a first visit to `path` to its end; what it reached and what hid. */
async function tabThrough(path: string, viewport: { width: number; height: number }) {
  const { page, close } = await openFirstVisit(path, viewport)
  const hidden: string[] = []
  let reached = 0
  const seen = new Set<string>()
  for (let step = 0; step < 250; step += 1) {
    await page.keyboard.press('Tab')
    const focused = await readFocused(page)
    if (!focused) break
    // Back to a control met already: the tab order has wrapped round.
    const where = `${focused.name}@${focused.at}`
    if (seen.has(where)) break
    seen.add(where)
    reached += 1
    if (focused.inBanner) continue
    if (focused.top < 0 || focused.bottom > focused.bannerTop) {
      hidden.push(
        `${path}: ${focused.name} at ${focused.top}-${focused.bottom}, banner from ${focused.bannerTop}`,
      )
    }
  }
  await close()
  return { reached, hidden }
}

// Each test's pages are first visits in contexts of their own, so the viewports' tests run side
// by side: what they wait on is the page's state, never the clock.
describe.concurrent('focus with the cookie banner open', () => {
  for (const [name, viewport] of Object.entries(reviewViewports)) {
    it(`never lands behind the banner, tabbing through every page at ${viewport.width} px (${name})`, {
      timeout: 300_000,
    }, async ({ expect }) => {
      const hidden: string[] = []
      for (const path of pages) {
        const walk = await tabThrough(path, viewport)
        // Every page has the header's links, the banner's buttons and the footer's links.
        expect(walk.reached, path).toBeGreaterThan(10)
        hidden.push(...walk.hidden)
      }
      expect(hidden).toEqual([])
    })
  }
})

describe.concurrent('accessibility with the cookie banner open, then accepted', () => {
  for (const [name, viewport] of Object.entries(reviewViewports)) {
    it(`axe finds nothing on any page at ${viewport.width} px (${name})`, {
      timeout: 300_000,
    }, async () => {
      for (const path of pages) {
        // A first visit each time: a new context remembers no choice made on the page before.
        const { page, banner, close } = await openFirstVisit(path, viewport)
        await expectNoAxeViolations(page)
        await banner.getByRole('button', { name: 'Accept All Cookies' }).click()
        await page.locator('[data-cookie-banner]').and(page.locator('[hidden]')).waitFor({
          state: 'attached',
        })
        await expectNoAxeViolations(page)
        await close()
      }
    })
  }
})
