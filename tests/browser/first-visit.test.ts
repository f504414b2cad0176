import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { openFirstVisit, reviewViewports, sharedChromium, url } from './chromium.ts'
import { waitForShell } from './page-start.ts'

/**
 * The way to the form as a new visitor meets it, on a phone and a desktop, with the cookie
 * banner open (no choice made yet): every contact call to action lands with the form's first
 * field in view and uncovered, the fields are large enough that a phone does not zoom into them,
 * and the banner offers Decline as prominently as Accept.
 */

const browser = await sharedChromium()

const firstVisit = (path: string, viewport: { width: number; height: number }) =>
  openFirstVisit(browser, path, viewport)

/** Whether the element is the topmost thing at its centre, inside the viewport. */
const uncovered = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect()
    const x = box.left + box.width / 2
    const y = box.top + box.height / 2
    if (y < 0 || y > window.innerHeight) return `off screen at ${Math.round(y)}`
    const top = document.elementFromPoint(x, y)
    return top && element.contains(top) ? 'uncovered' : `under ${top?.outerHTML.slice(0, 60)}`
  })

describe('contact calls to action', () => {
  for (const [name, viewport] of Object.entries(reviewViewports)) {
    it(`land with the first field in view and uncovered at ${viewport.width} px (${name}), banner open`, {
      timeout: 60_000,
    }, async () => {
      const { page, close } = await firstVisit('/', viewport)
      for (const cta of ['Start Your Journey', 'Contact Form']) {
        await page.goto(url('/'), { waitUntil: 'load' })
        await waitForShell(page)
        await page.locator('[data-cookie-banner][data-state="open"]').waitFor()
        await page.getByRole('link', { name: cta }).first().click()
        await page.waitForURL((address) => address.pathname === '/contact')
        await waitForShell(page)
        await page.locator('[data-cookie-banner][data-state="open"]').waitFor()
        await expect(uncovered(page, '[name="firstName"]'), cta).resolves.toBe('uncovered')
      }
      // The header's button too, from a service page (in the menu, on a phone).
      await page.goto(url('/services/seo'), { waitUntil: 'load' })
      await waitForShell(page)
      if (name === 'phone') await page.locator('summary[aria-label=Menu]').click()
      await page.getByRole('link', { name: 'Contact Us' }).filter({ visible: true }).first().click()
      await page.waitForURL((address) => address.pathname === '/contact')
      await page.locator('[data-cookie-banner][data-state="open"]').waitFor()
      await expect(uncovered(page, '[name="firstName"]')).resolves.toBe('uncovered')
      // And the 404 page's Contact link, from a mistyped address.
      await page.goto(url('/no-such-page'), { waitUntil: 'load' })
      await waitForShell(page)
      await page.locator('[data-cookie-banner][data-state="open"]').waitFor()
      await page
        .getByRole('navigation', { name: 'Helpful links' })
        .getByRole('link', { name: 'Contact' })
        .click()
      await page.waitForURL((address) => address.pathname === '/contact')
      await waitForShell(page)
      await page.locator('[data-cookie-banner][data-state="open"]').waitFor()
      await expect(uncovered(page, '[name="firstName"]'), '404').resolves.toBe('uncovered')
      await close()
    })
  }
})

describe('form fields on a phone', () => {
  it('use text of at least 16 px, so iOS Safari does not zoom the page into them', async () => {
    const { page, close } = await firstVisit('/contact', reviewViewports.phone)
    const sizes = await page
      .locator('#contact-form input:not([aria-hidden] input), #contact-form textarea')
      .evaluateAll((fields) =>
        fields
          .filter((field) => !field.closest('[aria-hidden="true"]'))
          .map((field) => Number.parseFloat(getComputedStyle(field).fontSize)),
      )
    expect(sizes).toHaveLength(7)
    for (const size of sizes) expect(size).toBeGreaterThanOrEqual(16)
    await close()
  })
})

describe('the cookie banner’s choices', () => {
  for (const [name, viewport] of Object.entries(reviewViewports)) {
    it(`are equally prominent at ${viewport.width} px (${name}): same size, same fill, same outline`, async () => {
      const { banner, close } = await firstVisit('/', viewport)
      const look = (label: string) =>
        banner.getByRole('button', { name: label }).evaluate((button) => {
          const style = getComputedStyle(button)
          const box = button.getBoundingClientRect()
          return {
            width: Math.round(box.width),
            height: Math.round(box.height),
            background: style.backgroundColor,
            color: style.color,
            border: `${style.borderTopWidth} ${style.borderTopStyle} ${style.borderTopColor}`,
            fontSize: style.fontSize,
            fontWeight: style.fontWeight,
          }
        })
      await expect(look('Decline Optional')).resolves.toEqual(await look('Accept All Cookies'))
      await close()
    })
  }
})
