import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { contactMessages } from '#shared/contact.ts'
import { navLinks } from '#shared/routes.ts'
import { expectNoAxeViolations, reviewViewports, sharedChromium, url } from './chromium.ts'
import { enquiry } from './contact-helpers.ts'
import { waitForShell } from './page-start.ts'

/**
 * The form's answer without JavaScript, when a detail is wrong: the site's own page (logo,
 * menu, footer, as prerendered), "What to fix" as links that take the visitor to each field,
 * and the form again holding what they typed. Checked with JavaScript off, as such a visitor
 * has it, and with it on (a page whose script failed to load posts the same way) on a first
 * visit, where the cookie banner then opens over it.
 */

const browser = await sharedChromium()

const typed = { ...enquiry, email: 'jane.smith@', lastName: '' }

/** Posts the contact page's own form natively, as a browser without the form's script does. */
async function postNatively(page: Page) {
  await page.goto(url('/contact'), { waitUntil: 'load' })
  await page.evaluate((values) => {
    const form = document.querySelector('#contact-form form') as HTMLFormElement
    for (const [name, value] of Object.entries(values)) {
      ;(form.elements.namedItem(name) as HTMLInputElement).value = value
    }
    // Past the browser's own checks, as an older browser or a crafted post would be.
    form.noValidate = true
    HTMLFormElement.prototype.submit.call(form)
  }, typed)
  await page.waitForURL((address) => address.pathname === '/api/contacts/form')
  await page.waitForLoadState('load')
}

for (const [name, viewport] of Object.entries(reviewViewports)) {
  describe(`the no-JavaScript answer to a post with details to fix at ${viewport.width} px (${name})`, () => {
    it('is the site’s page: its header, menu or links, and footer', async () => {
      const context = await browser.newContext({ viewport, javaScriptEnabled: false })
      const page = await context.newPage()
      await postNatively(page)
      await expect(page.locator('h1').textContent()).resolves.toBe('Please check your details')
      await expect(
        page.getByRole('link', { name: 'Elevate Digital home' }).isVisible(),
      ).resolves.toBe(true)
      if (name === 'phone') {
        // The menu is a disclosure: it opens without JavaScript.
        await page.locator('summary[aria-label=Menu]').click()
        const mobile = page.getByRole('navigation', { name: 'Main (mobile)' })
        for (const link of navLinks) {
          await expect(
            mobile.getByRole('link', { name: link.label, exact: true }).isVisible(),
          ).resolves.toBe(true)
        }
      } else {
        for (const link of navLinks) {
          await expect(
            page
              .locator('[data-site-header]')
              .getByRole('link', { name: link.label, exact: true })
              .first()
              .isVisible(),
          ).resolves.toBe(true)
        }
      }
      const footer = page.locator('footer')
      await expect(footer.getByRole('link', { name: 'Privacy Policy' }).isVisible()).resolves.toBe(
        true,
      )
      await expect(footer.getByRole('link', { name: 'Terms' }).isVisible()).resolves.toBe(true)
      // (axe needs the page's JavaScript: the page is audited in the test with it on, below.)
      await context.close()
    })

    it('lists what to fix as links that lead to each field, with the form still filled in', async () => {
      const context = await browser.newContext({ viewport, javaScriptEnabled: false })
      const page = await context.newPage()
      await postNatively(page)
      const fixes = page.locator('li[data-field] a')
      await expect(fixes.allTextContents()).resolves.toEqual(['Last Name', 'Email'])
      await expect(page.locator('li[data-field="email"]').textContent()).resolves.toContain(
        contactMessages.email,
      )
      await fixes.filter({ hasText: 'Email' }).click()
      await page.waitForURL((address) => address.hash === '#field-email')
      // The field is in view, below the fixed header, and Tab goes on from it.
      const where = await page.locator('#field-email').evaluate((input) => {
        const box = input.getBoundingClientRect()
        const header = document.querySelector('[data-site-header]')?.getBoundingClientRect()
        return { top: box.top, bottom: box.bottom, headerBottom: header?.bottom ?? 0 }
      })
      expect(where.top).toBeGreaterThanOrEqual(where.headerBottom)
      expect(where.bottom).toBeLessThanOrEqual(viewport.height)
      const values = await page
        .locator('.answer form')
        .evaluate((form) =>
          Object.fromEntries(
            [...new FormData(form as HTMLFormElement)].filter(([key]) => key !== 'website'),
          ),
        )
      expect(values).toEqual(typed)
      await context.close()
    })

    it('with the page’s script on, first visit: the banner opens over it and hides nothing focused', {
      timeout: 60_000,
    }, async () => {
      const context = await browser.newContext({ viewport })
      const page = await context.newPage()
      await postNatively(page)
      await waitForShell(page)
      await page.locator('[data-cookie-banner][data-state="open"]').waitFor()
      await expectNoAxeViolations(page)
      // The last control of the page, the footer's Cookie settings, scrolls clear of the banner.
      await page.getByRole('button', { name: 'Cookie settings' }).focus()
      const clear = await page.evaluate(() => {
        const focused = document.activeElement?.getBoundingClientRect()
        const banner = document.querySelector('[data-cookie-banner]')?.getBoundingClientRect()
        return (focused?.bottom ?? Infinity) <= (banner?.top ?? 0)
      })
      expect(clear).toBe(true)
      await context.close()
    })
  })
}
