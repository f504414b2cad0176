import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { scrollTo, sharedChromium, url } from './chromium.ts'
import { waitForShell } from './page-start.ts'

/** The phone width the site is reviewed at. */
const phone = { width: 390, height: 844 }

const browser = await sharedChromium()

async function openPhone(path: string) {
  const context = await browser.newContext({ viewport: phone, hasTouch: true })
  // The cookie choice is made: the banner is covered by its own tests.
  await context.addInitScript(() => localStorage.setItem('cookie-consent', 'declined'))
  const page = await context.newPage()
  await page.goto(url(path), { waitUntil: 'load' })
  await waitForShell(page)
  return { page, close: () => context.close() }
}

/** The focusable elements lying under the scroll-to-top button while it can be seen. */
function coveredByScrollTop(page: Page): Promise<string[] | null> {
  return page.evaluate(() => {
    const button = document.querySelector<HTMLElement>('[data-scroll-top]')
    if (!button?.checkVisibility({ visibilityProperty: true })) return null
    const box = button.getBoundingClientRect()
    const selector =
      'a[href], button, summary, input:not([type=hidden]), select, textarea, [tabindex]:not([tabindex="-1"])'
    return (
      [...document.querySelectorAll(selector)]
        // Only what a visitor can see (a closed menu's links are laid out but not shown).
        .filter(
          (element) => element !== button && element.checkVisibility({ visibilityProperty: true }),
        )
        .filter((element) =>
          [...element.getClientRects()].some(
            (rect) =>
              rect.left < box.right &&
              box.left < rect.right &&
              rect.top < box.bottom &&
              box.top < rect.bottom,
          ),
        )
        .map((element) => `${element.tagName.toLowerCase()} "${element.textContent?.trim()}"`)
    )
  })
}

/** Scrolls down the page in steps of a third of a screen, reading what the button covers. */
async function sweep(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight)
  const step = Math.ceil(phone.height / 3)
  const covered: string[] = []
  let shown = 0
  for (let y = 0; y <= height + step; y += step) {
    await scrollTo(page, Math.min(y, height))
    const under = await coveredByScrollTop(page)
    if (under === null) continue
    shown++
    covered.push(...under.map((what) => `${what} at ${y}px`))
  }
  return { covered, shown }
}

describe('at 390 px the scroll-to-top button never covers something to use', () => {
  it('on the FAQ page, questions closed and open', async () => {
    const { page, close } = await openPhone('/faq')
    const closed = await sweep(page)
    expect(closed.covered).toEqual([])
    expect(closed.shown).toBeGreaterThan(0)

    await page.locator('main details').evaluateAll((all) => {
      for (const details of all) (details as HTMLDetailsElement).open = true
    })
    const open = await sweep(page)
    expect(open.covered).toEqual([])
    expect(open.shown).toBeGreaterThan(0)
    await close()
  })

  it('on the contact page', async () => {
    const { page, close } = await openPhone('/contact')
    const { covered, shown } = await sweep(page)
    expect(covered).toEqual([])
    expect(shown).toBeGreaterThan(0)
    await close()
  })
})

describe('the mobile menu closes when the visitor moves on', () => {
  const menu = (page: Page) => page.getByRole('navigation', { name: 'Main (mobile)' })
  const openMenu = async (page: Page) => {
    await page.locator('summary[aria-label=Menu]').tap()
    await expect(menu(page).isVisible()).resolves.toBe(true)
  }

  it('on a tap outside it', async () => {
    const { page, close } = await openPhone('/about')
    await openMenu(page)
    await page.touchscreen.tap(phone.width / 2, phone.height - 40)
    await expect(menu(page).isVisible()).resolves.toBe(false)
    await close()
  })

  it('on Escape, giving focus back to its toggle', async () => {
    const { page, close } = await openPhone('/about')
    await openMenu(page)
    await page.keyboard.press('Escape')
    await expect(menu(page).isVisible()).resolves.toBe(false)
    await expect(
      page.evaluate(() => document.activeElement?.getAttribute('aria-label')),
    ).resolves.toBe('Menu')
    await close()
  })

  it('on scroll', async () => {
    const { page, close } = await openPhone('/about')
    await openMenu(page)
    await scrollTo(page, 200)
    await expect(menu(page).isVisible()).resolves.toBe(false)
    await close()
  })

  it('on focus moving past it, either way, so Tab never lands on a link hidden behind it', async () => {
    const { page, close } = await openPhone('/about')
    await openMenu(page)
    await menu(page).getByRole('link', { name: 'Contact Us' }).focus()
    await page.keyboard.press('Tab')
    await expect(menu(page).isVisible()).resolves.toBe(false)
    // Focus went on to the page, which is now in view, not under a menu.
    await expect(
      page.evaluate(() => document.activeElement?.closest('[data-mobile-menu]') === null),
    ).resolves.toBe(true)

    await openMenu(page)
    await page.locator('summary[aria-label=Menu]').focus()
    await page.keyboard.press('Shift+Tab')
    await expect(menu(page).isVisible()).resolves.toBe(false)
    // Tabbing within it keeps it open.
    await openMenu(page)
    await menu(page).getByRole('link', { name: 'Home' }).focus()
    await page.keyboard.press('Tab')
    await expect(menu(page).isVisible()).resolves.toBe(true)
    await close()
  })

  it('but not on a tap inside it', async () => {
    const { page, close } = await openPhone('/about')
    await openMenu(page)
    const box = await menu(page).boundingBox()
    if (!box) throw new Error('menu has no box')
    // The menu's padding, beside its links.
    await page.touchscreen.tap(box.x + box.width - 4, box.y + 4)
    await expect(menu(page).isVisible()).resolves.toBe(true)
    await close()
  })
})

describe('the scrolled header stays readable', () => {
  it('lets what scrolls beneath show through at under 1.1:1', async () => {
    const { page, close } = await openPhone('/faq')
    await page.locator('[data-site-header]').evaluate((el) => {
      el.style.transition = 'none'
    })
    await scrollTo(page, 600)
    const alpha = await page
      .locator('[data-site-header]')
      .evaluate((el) => Number(getComputedStyle(el).backgroundColor.match(/[\d.]+/g)?.[3] ?? 1))
    // The header's white over black text versus over white paper: how much of it is visible.
    const luminance = (level: number) => {
      const s = level / 255
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
    }
    const overBlack = luminance(255 * alpha)
    const overWhite = luminance(255)
    expect((overWhite + 0.05) / (overBlack + 0.05)).toBeLessThan(1.1)
    await close()
  })
})
