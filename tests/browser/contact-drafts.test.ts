import { type Browser, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contactFormCopy } from '#frontend/components/contact-form/content.ts'
import { DRAFT_KEY } from '#frontend/components/contact-form/draft-storage.ts'
import { emptyValues } from '#frontend/components/contact-form/rules.ts'
import { reviewViewports } from './chromium.ts'
import { headlessFlags, headlessShellPath } from './chromium-binary.ts'
import * as contact from './contact-helpers.ts'
import { waitForShell } from './page-start.ts'

/**
 * What the visitor typed survives leaving the form and coming Back, in every field, when the
 * browser cannot restore the page from its back/forward cache: that cache is switched off for
 * this browser (`--disable-features=BackForwardCache`), and each test also proves the page came
 * back as a new document (a mark left on the old one is gone), so the values were restored by
 * the browser's form memory or the form's own draft, not by a frozen page. Without JavaScript,
 * the answer to a refused post carries the form again, filled in.
 */

let browser: Browser
beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: headlessShellPath,
    args: [...headlessFlags, '--disable-features=BackForwardCache'],
  })
})
afterAll(() => browser?.close())

/** Leaves a mark on the current document: a page restored from the cache would still carry it. */
const markDocument = (page: Page) =>
  page.evaluate(() => Object.assign(window, { leftBehind: true }))
const isFreshDocument = (page: Page) =>
  page.evaluate(
    () => !('leftBehind' in window) && performance.getEntriesByType('navigation').length === 1,
  )

/** Follows the contact page's privacy link, then comes Back to the form. */
async function leaveAndComeBack(page: Page) {
  await markDocument(page)
  await page.getByRole('link', { name: 'Read our privacy policy' }).first().click()
  await page.waitForURL((address) => address.pathname === '/privacy-policy')
  await page.goBack({ waitUntil: 'load' })
  expect(new URL(page.url()).pathname).toBe('/contact')
  await expect(isFreshDocument(page)).resolves.toBe(true)
}

describe('the draft, with the back/forward cache off', () => {
  for (const [name, viewport] of Object.entries(reviewViewports)) {
    it(`every field comes back after following a link and pressing Back (${name})`, async () => {
      const { page, close } = await contact.openContact(browser, { viewport })
      await contact.fillEnquiry(page)
      await leaveAndComeBack(page)
      await waitForShell(page)
      await expect(contact.fieldValues(page)).resolves.toEqual(contact.enquiry)
      // And the form can be sent as it stands.
      await expect(contact.submitButton(page).isDisabled()).resolves.toBe(false)
      await close()
    })
  }

  it('is kept on the device, in this tab’s session storage only (no cookie, nothing shared)', async () => {
    const { page, requests, close } = await contact.openContact(browser)
    await contact.fillEnquiry(page)
    const kept = await page.evaluate((key) => {
      const draft = sessionStorage.getItem(key)
      return {
        draft: draft && JSON.parse(draft),
        cookies: document.cookie,
        local: localStorage.getItem(key),
      }
    }, DRAFT_KEY)
    expect(kept).toEqual({ draft: contact.enquiry, cookies: '', local: null })
    // Nothing of it left the page: no request was made while typing.
    expect(requests.filter((request) => request.method() !== 'GET')).toEqual([])
    await close()
  })

  it('survives a failed send, and is cleared by a successful one', async () => {
    const { page, close } = await contact.openContact(browser)
    let fail = true
    await page.route('**/api/contacts', (route) =>
      fail
        ? route.fulfill({ status: 503, json: { message: 'Service Unavailable' } })
        : route.fulfill({
            status: 201,
            json: { id: 'enq-1', createdAt: '2026-11-21T10:00:00.000Z' },
          }),
    )
    await contact.fillEnquiry(page)
    await contact.submitButton(page).click()
    await expect.poll(() => contact.statusMessage(page).getAttribute('data-status')).toBe('failure')
    await leaveAndComeBack(page)
    await waitForShell(page)
    await expect(contact.fieldValues(page)).resolves.toEqual(contact.enquiry)

    fail = false
    await contact.enhanceForm(page)
    await contact.submitButton(page).click()
    await expect.poll(() => contact.statusMessage(page).getAttribute('data-status')).toBe('success')
    await expect(page.evaluate((key) => sessionStorage.getItem(key), DRAFT_KEY)).resolves.toBeNull()
    await leaveAndComeBack(page)
    await waitForShell(page)
    await expect(contact.fieldValues(page)).resolves.toEqual(emptyValues)
    await close()
  })
})

describe('without JavaScript, with the back/forward cache off', () => {
  it('the browser brings every field back on Back, the message included', async () => {
    const { page, close } = await contact.openContact(browser, { javaScriptEnabled: false })
    await contact.fillEnquiry(page)
    await page.getByRole('link', { name: 'Read our privacy policy' }).first().click()
    await page.waitForURL((address) => address.pathname === '/privacy-policy')
    await page.goBack({ waitUntil: 'load' })
    await expect(contact.fieldValues(page)).resolves.toEqual(contact.enquiry)
    await close()
  })

  it('a refused post answers with the form again, holding what was typed, and it sends from there', async () => {
    const { page, close } = await contact.openContact(browser, { javaScriptEnabled: false })
    const message = contact.uniqueMessage('a post sent again from its answer')
    // A blank-looking first name passes the browser's `required` but not the schema, which trims.
    const typed = { ...contact.enquiry, firstName: '   ', message }
    await contact.fillEnquiry(page, typed)
    await contact.submitButton(page).click()
    await page.getByRole('heading', { level: 1, name: 'Please check your details' }).waitFor()
    const again = page.locator('form[action="/api/contacts/form"]')
    await expect(
      again
        .locator('input:not([tabindex="-1"]), textarea')
        .evaluateAll((fields) =>
          Object.fromEntries(
            fields.map((field) => [field.getAttribute('name'), (field as HTMLInputElement).value]),
          ),
        ),
    ).resolves.toEqual(typed)
    // Readable at a phone's zoom-free size, marked where it failed.
    await expect(
      again.locator('#field-firstName').evaluate((input) => getComputedStyle(input).fontSize),
    ).resolves.toBe('16px')
    await expect(again.locator('#field-firstName').getAttribute('aria-invalid')).resolves.toBe(
      'true',
    )

    await again.locator('#field-firstName').fill('Ada')
    await again.getByRole('button', { name: contactFormCopy.submit }).click()
    await page.waitForURL((address) => address.pathname === '/contact/sent')
    await contact.emailWith(message)
    await close()
  })
})
