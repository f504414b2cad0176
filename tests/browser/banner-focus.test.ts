import type { Page } from 'playwright-core'
import { describe, it } from 'vitest'
import { BANNER_DELAY_MS } from '#frontend/consent/constants.ts'
import { routes, unlistedPages } from '#shared/routes.ts'
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
 * Opens `path` in the test's tab as a first visit (the caller forgets any choice first), at rest
 * with the banner open. The banner's 1.5 s wait runs on the fake clock, paused again before each
 * page (the page left behind is fast-forwarded, which no longer matters) and moving on in real
 * time once the banner is due: one tab serves every page, at a third of a new tab's cost.
 */
async function visit(page: Page, path: string) {
  if (page.url() === 'about:blank') await pauseClock(page)
  else await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 30_000)
  await page.goto(url(path), { waitUntil: 'load' })
  await waitForShell(page)
  await page.clock.runFor(BANNER_DELAY_MS)
  await page.clock.resume()
  const banner = page.locator('[data-cookie-banner][data-state="open"]')
  await banner.waitFor()
  return banner
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
async function tabThrough(page: Page, path: string) {
  await visit(page, path)
  await settleAnimations(page)
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
  return { reached, hidden }
}

// Each test has a context of its own, so the viewports' tests run side by side: what they wait
// on is the page's state, never the clock.
describe.concurrent('focus with the cookie banner open', () => {
  for (const [name, viewport] of Object.entries(reviewViewports)) {
    it(`never lands behind the banner, tabbing through every page at ${viewport.width} px (${name})`, {
      timeout: 300_000,
    }, async ({ expect }) => {
      const context = await browser.newContext({ viewport })
      const page = await context.newPage()
      const hidden: string[] = []
      for (const path of pages) {
        const walk = await tabThrough(page, path)
        // Every page has the header's links, the banner's buttons and the footer's links.
        expect(walk.reached, path).toBeGreaterThan(10)
        hidden.push(...walk.hidden)
      }
      expect(hidden).toEqual([])
      await context.close()
    })
  }
})

describe.concurrent('accessibility with the cookie banner open, then accepted', () => {
  for (const [name, viewport] of Object.entries(reviewViewports)) {
    it(`axe finds nothing on any page at ${viewport.width} px (${name})`, {
      timeout: 300_000,
    }, async () => {
      const context = await browser.newContext({ viewport })
      const page = await context.newPage()
      for (const path of pages) {
        // A first visit each time: the choice made on the page before is forgotten.
        if (page.url() !== 'about:blank') await page.evaluate(() => localStorage.clear())
        const banner = await visit(page, path)
        await expectNoAxeViolations(page)
        await banner.getByRole('button', { name: 'Accept All Cookies' }).click()
        await page.locator('[data-cookie-banner]').and(page.locator('[hidden]')).waitFor({
          state: 'attached',
        })
        await expectNoAxeViolations(page)
      }
      await context.close()
    })
  }
})
