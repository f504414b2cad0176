import type { Browser } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { sharedChromium } from './chromium.ts'
import * as contact from './contact-helpers.ts'

/** The spec's notification toasts after a send (spec §4 toasts): F8, swipe, the 5-second close. */

const browser = await sharedChromium()

describe('notification toasts', () => {
  async function showToast(browser: Browser) {
    const opened = await contact.openContact(browser)
    await opened.page.route('**/api/contacts', (route) =>
      route.fulfill({ status: 201, json: contact.created }),
    )
    await contact.enhanceForm(opened.page)
    await contact.fillEnquiry(opened.page)
    await contact.submitButton(opened.page).click()
    await contact.openToast(opened.page).waitFor()
    return opened
  }

  it('F8 moves focus to the notifications region', async () => {
    const { page, close } = await showToast(browser)
    await page.keyboard.press('F8')
    await expect
      .poll(() =>
        page.evaluate(() => {
          const active = document.activeElement
          return `${active?.getAttribute('role')} ${active?.getAttribute('aria-label')}`
        }),
      )
      .toMatch(/^region Notifications.*F8/)
    await close()
  })

  it('a swipe right of 50 px or less springs back; further dismisses', async () => {
    const { page, close } = await showToast(browser)
    const toast = contact.openToast(page)
    const swipe = async (dx: number) => {
      const box = await toast.boundingBox()
      if (!box) throw new Error('no toast')
      const x = box.x + 20
      const y = box.y + box.height / 2
      await page.mouse.move(x, y)
      await page.mouse.down()
      await page.mouse.move(x + dx, y, { steps: 8 })
      await page.mouse.up()
    }
    await swipe(40)
    await expect(toast.count()).resolves.toBe(1)
    await expect(toast.evaluate((element) => element.style.transform)).resolves.toBe('')
    await swipe(90)
    await expect.poll(() => contact.openToast(page).count()).toBe(0)
    await expect
      .poll(() =>
        page
          .locator('[data-scope="toast"][data-part="root"]')
          .evaluate((element) => getComputedStyle(element).visibility),
      )
      .toBe('hidden')
    await close()
  })

  it('closes by itself after 5 seconds', async () => {
    const { page, close } = await showToast(browser)
    // Keep the pointer away so hovering does not pause it.
    await page.mouse.move(0, 0)
    const shownAt = Date.now()
    await expect
      .poll(() => contact.openToast(page).count(), { timeout: 9000, interval: 250 })
      .toBe(0)
    expect(Date.now() - shownAt).toBeGreaterThan(4000)
    await close()
  })
})
