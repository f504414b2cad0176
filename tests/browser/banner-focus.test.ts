import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { routes, unlistedPages } from '../../shared/routes.ts'
import {
  expectNoAxeViolations,
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

/** Where the focused control is against the banner's top edge, or `null` at the end. */
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
      bannerTop: Math.round(banner.getBoundingClientRect().top),
    }
  })
}

describe('focus with the cookie banner open', () => {
  for (const [name, viewport] of Object.entries(reviewViewports)) {
    it(`never lands behind the banner, tabbing through every page at ${viewport.width} px (${name})`, {
      timeout: 300_000,
    }, async () => {
      const context = await browser.newContext({ viewport })
      const page = await context.newPage()
      const hidden: string[] = []
      for (const path of pages) {
        await page.goto(url(path), { waitUntil: 'load' })
        await waitForShell(page)
        await page.locator('[data-cookie-banner][data-state="open"]').waitFor()
        await settleAnimations(page)
        let reached = 0
        const seen = new Set<string>()
        for (let step = 0; step < 250; step += 1) {
          await page.keyboard.press('Tab')
          const focused = await readFocused(page)
          if (!focused) break
          // Back to a control met already: the tab order has wrapped round.
          const where = `${focused.name}@${focused.top + (await page.evaluate(() => scrollY))}`
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
        // Every page has the header's links, the banner's buttons and the footer's links.
        expect(reached, path).toBeGreaterThan(10)
      }
      expect(hidden).toEqual([])
      await context.close()
    })
  }
})

describe('accessibility with the cookie banner open, then accepted', () => {
  for (const [name, viewport] of Object.entries(reviewViewports)) {
    it(`axe finds nothing on any page at ${viewport.width} px (${name})`, {
      timeout: 300_000,
    }, async () => {
      const context = await browser.newContext({ viewport })
      const page = await context.newPage()
      for (const path of pages) {
        // A first visit each time: the choice made on the page before is forgotten.
        await page.goto(url(path), { waitUntil: 'load' })
        await page.evaluate(() => localStorage.clear())
        await page.reload({ waitUntil: 'load' })
        await waitForShell(page)
        const banner = page.locator('[data-cookie-banner][data-state="open"]')
        await banner.waitFor()
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
