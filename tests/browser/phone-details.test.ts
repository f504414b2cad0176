import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { openFirstVisit, reviewViewports, sharedChromium } from './chromium.ts'

/**
 * Two details a visitor on a phone notices, checked on a first visit with the cookie banner
 * open: the buttons of the no-JavaScript confirmation page follow the site's width rule, and the
 * menu button's focus ring stays whole while the menu it opened hangs below it.
 */

const browser = await sharedChromium()

const firstVisit = (path: string, viewport: { width: number; height: number }) =>
  openFirstVisit(browser, path, viewport)

/** Each button-styled link in main, against the content width of the page's column. */
function buttonsAgainstColumn(page: Page) {
  return page.locator('main a.chakra-button').evaluateAll((links) =>
    links.map((link) => {
      const column = link.closest('.chakra-container') as HTMLElement
      const style = getComputedStyle(column)
      const inner =
        column.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
      return {
        label: link.textContent ?? '',
        width: Math.round(link.getBoundingClientRect().width),
        column: Math.round(inner),
      }
    }),
  )
}

describe('/contact/sent’s buttons, first visit, banner open', () => {
  it(`fill the page’s column at ${reviewViewports.phone.width} px`, async () => {
    const { page, close } = await firstVisit('/contact/sent', reviewViewports.phone)
    const buttons = await buttonsAgainstColumn(page)
    expect(buttons).toHaveLength(2)
    for (const button of buttons) expect(button.width, button.label).toBe(button.column)
    await close()
  })

  it(`sit side by side, as wide as their labels, at ${reviewViewports.desktop.width} px`, async () => {
    const { page, close } = await firstVisit('/contact/sent', reviewViewports.desktop)
    const buttons = await buttonsAgainstColumn(page)
    expect(buttons).toHaveLength(2)
    for (const button of buttons) expect(button.width, button.label).toBeLessThan(button.column / 2)
    const tops = await page
      .locator('main a.chakra-button')
      .evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)))
    expect(new Set(tops).size).toBe(1)
    await close()
  })
})

describe('the menu button’s focus ring, first visit, banner open', () => {
  it(`keeps its bottom edge while the menu is open at ${reviewViewports.phone.width} px`, async () => {
    const { page, close } = await firstVisit('/faq', reviewViewports.phone)
    const menu = page.locator('summary[aria-label=Menu]')
    await menu.focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => page.locator('[data-mobile-menu]').getAttribute('open')).toBe('')
    const box = await menu.boundingBox()
    if (!box) throw new Error('no menu button')
    const ring = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement as Element)
      return {
        offset: Number.parseFloat(style.outlineOffset),
        width: Number.parseFloat(style.outlineWidth),
      }
    })
    expect(ring.width).toBeGreaterThanOrEqual(2)
    // The row of pixels along the middle of the ring's bottom edge, across the button's middle.
    const row = box.y + box.height + ring.offset + ring.width / 2
    const shot = await page.screenshot({
      clip: { x: box.x + 8, y: Math.floor(row), width: box.width - 16, height: 1 },
    })
    const { data, info } = await sharp(shot).raw().toBuffer({ resolveWithObject: true })
    let ringPixels = 0
    for (let i = 0; i < data.length; i += info.channels) {
      const [r = 0, g = 0, b = 0] = [data[i], data[i + 1], data[i + 2]]
      // The brand blue, not the white panel of the open menu.
      if (b > 150 && b - r > 60 && b - g > 40) ringPixels += 1
    }
    expect(ringPixels / info.width).toBeGreaterThan(0.9)
    await close()
  })

  it(`is not needed at ${reviewViewports.desktop.width} px: the links are in the bar`, async () => {
    const { page, close } = await firstVisit('/faq', reviewViewports.desktop)
    await expect(page.locator('summary[aria-label=Menu]').isVisible()).resolves.toBe(false)
    await expect(
      page.locator('[data-site-header] nav a', { hasText: 'FAQ' }).first().isVisible(),
    ).resolves.toBe(true)
    await close()
  })
})
