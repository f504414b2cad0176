import type { Route } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { contactFormCopy } from '#frontend/components/contact-form/content.ts'
import { sharedChromium, viewports } from './chromium.ts'
import * as contact from './contact-helpers.ts'

/**
 * The contact form once its code has taken over: the Send button's states, sending, and what a
 * success or a failure shows (spec §4 Contact form and toasts, §5, §8). The API is stubbed with
 * page.route here, so each outcome is exact; contact-api.test.ts sends real enquiries through the
 * local stack.
 */

const browser = await sharedChromium()

describe('contact form: states', () => {
  it('has Send disabled at load with JavaScript on, before the island arrives, and enabled without JavaScript', async () => {
    for (const viewport of Object.values(viewports)) {
      const withJs = await contact.openContact(browser, { viewport })
      await expect(withJs.page.locator('form[data-interactive]').count()).resolves.toBe(0)
      await expect(contact.submitButton(withJs.page).isDisabled()).resolves.toBe(true)
      await expect(
        withJs.page
          .getByText('Please fill in all required fields to send your message.')
          .isVisible(),
      ).resolves.toBe(true)
      await withJs.close()

      const withoutJs = await contact.openContact(browser, { viewport, javaScriptEnabled: false })
      await expect(contact.submitButton(withoutJs.page).isDisabled()).resolves.toBe(false)
      await withoutJs.close()
    }
  })

  it('keeps Send Message disabled, with the hint, until every field is filled and the message has 10 characters', async () => {
    const { page, close } = await contact.openContact(browser)
    await contact.enhanceForm(page)
    const hint = page.getByText('Please fill in all required fields to send your message.')
    await contact.expectDisabled(page, true)
    await expect(hint.isVisible()).resolves.toBe(true)
    await expect(contact.submitButton(page).textContent()).resolves.toBe('Send Message')

    const { message, ...others } = contact.enquiry
    for (const [name, value] of Object.entries(others)) {
      await contact.expectDisabled(page, true)
      await contact.field(page, name as keyof typeof others).fill(value)
    }
    await contact.field(page, 'message').fill('123456789')
    await contact.expectDisabled(page, true)
    // Every field filled, the message short: the hint says that, not "fill in all fields".
    const shortHint = page.getByText('Your message needs at least 10 characters to send.')
    await expect(hint.isVisible()).resolves.toBe(false)
    await expect(shortHint.isVisible()).resolves.toBe(true)
    await expect(contact.submitButton(page).getAttribute('aria-describedby')).resolves.toBe(
      'contact-form-hint',
    )
    await contact.field(page, 'message').fill('1234567890')
    await contact.expectDisabled(page, false)
    await expect(hint.isVisible()).resolves.toBe(false)
    await expect(shortHint.isVisible()).resolves.toBe(false)
    // Emptying any field disables it again.
    await contact.field(page, 'company').fill('')
    await contact.expectDisabled(page, true)
    await expect(hint.isVisible()).resolves.toBe(true)
    await close()
  })

  it("shows 'Sending...' with a spinner while sending, then resets the form with the success toast", async () => {
    const { page, consoleProblems, close } = await contact.openContact(browser)
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const sent: { headers: Record<string, string>; body: unknown }[] = []
    await page.route('**/api/contacts', async (route: Route) => {
      sent.push({
        headers: route.request().headers(),
        body: route.request().postDataJSON(),
      })
      await held
      await route.fulfill({ status: 201, json: contact.created })
    })
    await contact.enhanceForm(page)
    await contact.fillEnquiry(page)
    await contact.submitButton(page).click()

    await expect.poll(() => contact.submitButton(page).textContent()).toBe('Sending...')
    await contact.expectDisabled(page, true)
    await expect(contact.submitButton(page).locator('.chakra-spinner').count()).resolves.toBe(1)

    release()
    await contact.openToast(page).waitFor()
    await expect(
      contact.openToast(page).getByText('Message sent successfully!').count(),
    ).resolves.toBe(1)
    await expect(
      contact.openToast(page).getByText("We'll get back to you within 24 hours.").count(),
    ).resolves.toBe(1)
    await expect(contact.submitButton(page).textContent()).resolves.toBe('Send Message')
    // Beside the button too, until the next change.
    await expect(contact.statusMessage(page).textContent()).resolves.toBe(
      "Thank you: your enquiry has been received. We'll get back to you within 24 hours.",
    )
    await expect(contact.openToast(page).getAttribute('role')).resolves.toBe('status')
    await expect(contact.fieldValues(page)).resolves.toEqual({
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      company: '',
      position: '',
      message: '',
    })
    await contact.expectDisabled(page, true)

    expect(sent).toHaveLength(1)
    expect(sent[0]?.body).toEqual({ ...contact.enquiry, website: '' })
    expect(sent[0]?.headers['content-type']).toBe('application/json')
    expect(sent[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/)
    expect(consoleProblems).toEqual([])
    await contact.field(page, 'firstName').fill('A')
    await expect(contact.statusMessage(page).textContent()).resolves.toBe('')
    await close()
  })

  it('keeps the values and shows the destructive toast when the API is down, and retries with the same key', async () => {
    const { page, close } = await contact.openContact(browser)
    const keys: string[] = []
    await page.route('**/api/**', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '')
      await route.abort('connectionrefused')
    })
    await contact.enhanceForm(page)
    await contact.fillEnquiry(page)
    await contact.submitButton(page).click()
    const toast = contact.openToast(page)
    await toast.waitFor()
    await expect(toast.getByText('Failed to send message').count()).resolves.toBe(1)
    await expect(toast.getAttribute('data-type')).resolves.toBe('error')
    await expect(toast.textContent()).resolves.not.toContain('Failed to fetch')
    await expect(contact.fieldValues(page)).resolves.toEqual(contact.enquiry)
    await contact.expectDisabled(page, false)

    // Sending the same enquiry again is a retry: the API sees the same idempotency key.
    await contact.submitButton(page).click()
    await expect.poll(() => keys.length).toBe(2)
    expect(keys[1]).toBe(keys[0])
    // And one toast at a time.
    await expect.poll(() => contact.openToast(page).count()).toBe(1)
    await close()
  })

  const reasons = contactFormCopy.failure.reasons
  const failures = [
    {
      name: 'a 500 with a JSON message',
      answer: {
        status: 500,
        contentType: 'application/json',
        body: '{"message":"Something went wrong"}',
      },
      reads: reasons.unavailable,
      error: '500: {"message":"Something went wrong"}',
    },
    {
      name: 'a 500 with an empty body',
      answer: { status: 500, body: '' },
      reads: reasons.unavailable,
      error: '500: Internal Server Error',
    },
    {
      name: 'a 503 from the API',
      answer: {
        status: 503,
        contentType: 'application/json',
        body: '{"message":"Sorry, we could not save your message just now. Please try again in a few minutes."}',
      },
      reads: reasons.unavailable,
      error:
        '503: {"message":"Sorry, we could not save your message just now. Please try again in a few minutes."}',
    },
    {
      name: 'a network error',
      answer: undefined,
      reads: reasons.network,
      error: 'Failed to fetch',
    },
  ] as const

  for (const failure of failures) {
    it(`after ${failure.name}, says what happened in plain English by the button and in an alert toast, keeping every value`, async () => {
      const { page, consoleProblems, close } = await contact.openContact(browser)
      await page.route('**/api/contacts', (route) =>
        failure.answer ? route.fulfill(failure.answer) : route.abort('connectionrefused'),
      )
      await contact.enhanceForm(page)
      await contact.fillEnquiry(page)
      await contact.submitButton(page).click()
      const status = contact.statusMessage(page)
      await expect.poll(() => status.getAttribute('data-status')).toBe('failure')
      const text = await status.textContent()
      expect(text).toContain(failure.reads)
      expect(text).toContain('Your details are still in the form')
      // The way round: the agency's e-mail and phone.
      await contact.expectAgencyContactLinks(status)
      // The request helper's message keeps the spec's format, in the console for whoever
      // investigates, and nowhere on the page.
      expect(consoleProblems).toContain(`The enquiry was not sent: ${failure.error}`)
      const toast = contact.openToast(page)
      await toast.waitFor()
      await expect(toast.getAttribute('role')).resolves.toBe('alert')
      await expect(toast.getByText('Failed to send message').count()).resolves.toBe(1)
      await expect(toast.textContent()).resolves.toContain(failure.reads)
      const html = await page.locator('body').innerHTML()
      for (const technical of ['500:', '503:', 'Failed to fetch', 'Internal Server Error']) {
        expect(`${text} ${await toast.textContent()}`).not.toContain(technical)
        expect(html).not.toContain(technical)
      }
      await expect(contact.fieldValues(page)).resolves.toEqual(contact.enquiry)
      await contact.expectDisabled(page, false)
      await close()
    })
  }
})
