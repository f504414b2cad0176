import type { Browser, Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { refusedFormPage } from '#functions/contact/form-pages.ts'
import { responseMessages } from '#functions/contact/responses.ts'
import { contactMessages } from '#shared/contact.ts'
import { expectNoAxeViolations, sharedChromium, viewports } from './chromium.ts'
import * as contact from './contact-helpers.ts'

/**
 * The form against the real local stack (the same Middy handler, dynalite and the SES emulator
 * that `npm start` runs): with JavaScript, and as a plain HTML form post without it.
 */

/**
 * Axe runs as a script, which a page with JavaScript off cannot: check the same document, as
 * the browser received it, in a page that allows scripts.
 */
async function expectNoAxeViolationsWithoutJs(browser: Browser, page: Page) {
  const html = await page.content()
  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined })
  const copy = await context.newPage()
  await copy.setContent(html, { waitUntil: 'load' })
  await expectNoAxeViolations(copy)
  await context.close()
}

const browser = await sharedChromium()

describe('contact form with JavaScript, against the local stack', () => {
  it('sends the enquiry: success toast, reset form, and the e-mail in the agency’s mailbox', async () => {
    const { page, consoleProblems, close } = await contact.openContact(browser)
    await contact.enhanceForm(page)
    const message = contact.uniqueMessage('SEO')
    await contact.fillEnquiry(page, { ...contact.enquiry, message })
    await contact.submitButton(page).click()
    await contact.openToast(page).waitFor()
    await expect(
      contact.openToast(page).getByText('Message sent successfully!').count(),
    ).resolves.toBe(1)
    await expect(contact.fieldValues(page)).resolves.toMatchObject({ firstName: '', message: '' })

    const email = await contact.emailWith(message)
    expect(email.subject).toContain('Ada Lovelace')
    expect(email.subject).toContain('Analytical Engines Ltd')
    expect(JSON.stringify(email.replyTo)).toContain(contact.enquiry.email)
    expect(consoleProblems).toEqual([])

    // The agency's mailbox page lists it too.
    const mailbox = await page.context().newPage()
    await mailbox.goto(inject('mailboxUrl'))
    await expect.poll(() => mailbox.getByText(email.subject).count()).toBeGreaterThan(0)
    await close()
  })
})

describe('contact form without JavaScript', () => {
  it('posts natively and lands on /contact/sent, and the e-mail arrives', async () => {
    const { page, close } = await contact.openContact(browser, { javaScriptEnabled: false })
    const message = contact.uniqueMessage('PPC without JavaScript')
    await contact.fillEnquiry(page, { ...contact.enquiry, message })
    await Promise.all([page.waitForURL('**/contact/sent'), contact.submitButton(page).click()])
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'Message sent successfully!',
    )
    await expect(page.getByText("We'll get back to you within 24 hours.").count()).resolves.toBe(1)
    await expectNoAxeViolationsWithoutJs(browser, page)
    const email = await contact.emailWith(message)
    expect(email.subject).toContain('Ada Lovelace')
    await close()
  })

  it('lets the browser hold back what it can check itself (an empty field, a bad address)', async () => {
    const { page, close } = await contact.openContact(browser, { javaScriptEnabled: false })
    await contact.fillEnquiry(page, { ...contact.enquiry, email: 'not-an-address' })
    await contact.submitButton(page).click()
    await page.waitForTimeout(500)
    expect(new URL(page.url()).pathname).toBe('/contact')
    await expect(
      page.locator('[name="email"]').evaluate((input: HTMLInputElement) => input.validity.valid),
    ).resolves.toBe(false)
    await close()
  })

  it('answers input only the server can judge with a page naming each failed field and its message', async () => {
    for (const viewport of Object.values(viewports)) {
      const { page, close } = await contact.openContact(browser, {
        javaScriptEnabled: false,
        viewport,
      })
      const message = contact.uniqueMessage('an invalid post')
      // Blank-looking values pass `required` but not the schema, which trims.
      await contact.fillEnquiry(page, {
        ...contact.enquiry,
        firstName: '   ',
        position: '  ',
        message,
      })
      const [response] = await Promise.all([
        page.waitForResponse((r) => new URL(r.url()).pathname === '/api/contacts/form'),
        contact.submitButton(page).click(),
      ])
      expect(response.status()).toBe(400)
      expect(response.headers()['content-type']).toBe('text/html; charset=utf-8')
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
        'Please check your details',
      )
      const failed = page.locator('li[data-field]')
      await expect(
        failed.evaluateAll((items) => items.map((item) => item.getAttribute('data-field'))),
      ).resolves.toEqual(['firstName', 'position'])
      await expect(failed.nth(0).textContent()).resolves.toContain(contactMessages.firstName)
      await expect(failed.nth(1).textContent()).resolves.toContain(contactMessages.position)
      await expect(page.getByText(contactMessages.email).count()).resolves.toBe(0)
      await expect(page.locator('main').textContent()).resolves.toContain(
        'Your message is below, as you typed it',
      )
      await expectNoAxeViolationsWithoutJs(browser, page)
      // Back returns to the form too (contact-drafts.test.ts: with every value).
      await page.goBack()
      expect(new URL(page.url()).pathname).toBe('/contact')
      expect(await contact.emailCount(message)).toBe(0)
      await close()
    }
  })

  it('answers a storage failure with a page that says what happened and what to do, not JSON', async () => {
    const { page, close } = await contact.openContact(browser, { javaScriptEnabled: false })
    // Storage down: the real handler's page for a 503 (functions/contact/handler.test.ts shows
    // the handler gives it when DynamoDB fails).
    const down = refusedFormPage(
      503,
      responseMessages.unavailable,
      { 'retry-after': '60' },
      { ...contact.enquiry, website: '' },
    )
    await page.route('**/api/contacts/form', (route) =>
      route.fulfill({ status: down.statusCode, headers: down.headers, body: down.body }),
    )
    await contact.fillEnquiry(page)
    await contact.submitButton(page).click()
    await page.getByRole('heading', { level: 1, name: 'Your message has not been sent' }).waitFor()
    const text = await page.locator('main').textContent()
    expect(text).toContain(responseMessages.unavailable)
    expect(text).toContain('Nothing has been stored')
    expect(text).not.toContain('{')
    // The way back is the form itself, as the visitor filled it in.
    await expect(page.locator('form textarea[name="message"]').inputValue()).resolves.toBe(
      contact.enquiry.message,
    )
    await expectNoAxeViolationsWithoutJs(browser, page)
    await close()
  })
})

describe('the form’s confirmation pages', () => {
  it('/contact/sent thanks the visitor, repeats the 24-hour promise and stays out of search', async () => {
    const { page, close } = await contact.openContact(browser, { path: '/contact/sent' })
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'Message sent successfully!',
    )
    await expect(page.locator('main').textContent()).resolves.toMatch(/thank you/i)
    await expect(page.getByText("We'll get back to you within 24 hours.").count()).resolves.toBe(1)
    await expect(page.locator('meta[name="robots"]').getAttribute('content')).resolves.toBe(
      'noindex',
    )
    await close()
  })

  it('/contact/check-details highlights the fields its address names', async () => {
    const { page, close } = await contact.openContact(browser, {
      path: '/contact/check-details?fields=message,email,bogus',
    })
    await expect(
      page
        .locator('[data-field][data-flagged]')
        .evaluateAll((items) => items.map((item) => item.getAttribute('data-field'))),
    ).resolves.toEqual(['email', 'message'])
    await expect(page.locator('[data-flag-summary]').textContent()).resolves.toBe(
      'Please check: Email, Message',
    )
    await expect(
      page.getByText('(Check this field)').filter({ visible: true }).count(),
    ).resolves.toBe(2)
    await expect(page.locator('meta[name="robots"]').getAttribute('content')).resolves.toBe(
      'noindex',
    )
    await expect(
      page.getByRole('link', { name: 'Back to the contact form' }).getAttribute('href'),
    ).resolves.toBe('/contact#contact-form')
    await close()
  })

  for (const path of ['/contact/sent', '/contact/check-details?fields=phone']) {
    for (const [name, viewport] of Object.entries(viewports)) {
      it(`${path} has no WCAG 2.2 AA violations at ${viewport.width} px (${name})`, async () => {
        const { page, close } = await contact.openContact(browser, { path, viewport })
        await expectNoAxeViolations(page)
        await close()
      })
    }
  }
})
