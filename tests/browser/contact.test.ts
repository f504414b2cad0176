import type { Browser, Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contactFormCopy } from '../../frontend/components/contact-form/content.ts'
import { contactMessages, maxLengths } from '../../shared/contact.ts'
import { expectNoAxeViolations, launchChromium, viewports } from './chromium.ts'
import {
  enhanceForm,
  enquiry,
  expectDisabled,
  field,
  fieldValues,
  fillEnquiry,
  openContact,
  openToast,
  statusMessage,
  submitButton,
} from './contact-helpers.ts'

/**
 * The contact page and its form once its code has taken over (spec §2 Contact, §4 Contact form and toasts, §5,
 * §8). The API is stubbed with page.route here, so each outcome is exact; contact-api.test.ts
 * sends real enquiries through the local stack.
 */

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(() => browser?.close())

const created = { id: 'enq-1', createdAt: '2026-11-21T10:00:00.000Z', message: 'Thank you' }

describe('contact page', () => {
  it('shows the hero, the contact details, the four consultation benefits and the form', async () => {
    const { page, close } = await openContact(browser)
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Contact Us')
    const main = page.locator('main')
    await expect(
      main.getByRole('link', { name: 'hello@elevate-digital.example' }).getAttribute('href'),
    ).resolves.toBe('mailto:hello@elevate-digital.example')
    await expect(
      main.getByRole('link', { name: '020 7946 0321' }).getAttribute('href'),
    ).resolves.toBe('tel:+442079460321')
    await expect(page.locator('main').textContent()).resolves.toMatch(
      /an ICO registered data controller/,
    )
    await expect(page.locator('[data-consultation-benefits] > li').count()).resolves.toBe(4)
    await expect(
      page.getByText('* All fields are required.', { exact: true }).count(),
    ).resolves.toBe(1)
    await expect(page.getByRole('form', { name: 'Send Us a Message' }).count()).resolves.toBe(1)
    await close()
  })

  it('gives each of the seven fields a label, a placeholder and constraints that mirror the schema', async () => {
    const { page, close } = await openContact(browser)
    const labels = {
      firstName: 'First Name',
      lastName: 'Last Name',
      email: 'Email',
      phone: 'Phone',
      company: 'Company',
      position: 'Position',
      message: 'Message',
    } as const
    for (const [name, label] of Object.entries(labels)) {
      const input = page.getByRole('textbox', { name: label, exact: true })
      await expect(input.getAttribute('name')).resolves.toBe(name)
      await expect(input.getAttribute('required')).resolves.toBe('')
      await expect(input.getAttribute('placeholder')).resolves.toBeTruthy()
      await expect(input.getAttribute('maxlength')).resolves.toBe(
        String(maxLengths[name as keyof typeof maxLengths]),
      )
    }
    await expect(field(page, 'email').getAttribute('type')).resolves.toBe('email')
    await expect(field(page, 'phone').getAttribute('type')).resolves.toBe('tel')
    await expect(field(page, 'phone').getAttribute('placeholder')).resolves.toMatch(
      /^0\d{4} \d{6}$/,
    )
    await expect(field(page, 'message').getAttribute('minlength')).resolves.toBe('10')
    await close()
  })

  it('hides the honeypot from people: off-screen, out of the tab order, hidden from assistive tech', async () => {
    const { page, close } = await openContact(browser)
    const honeypot = page.locator('input[name="website"]')
    await expect(honeypot.getAttribute('tabindex')).resolves.toBe('-1')
    await expect(honeypot.getAttribute('autocomplete')).resolves.toBe('off')
    await expect(
      honeypot.evaluate((input) => input.closest('[aria-hidden="true"]') !== null),
    ).resolves.toBe(true)
    const box = await honeypot.boundingBox()
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(0)
    // Tabbing through the whole form never lands on it.
    await enhanceForm(page)
    await field(page, 'firstName').focus()
    const visited: string[] = []
    for (let i = 0; i < 8; i++) {
      visited.push(await page.evaluate(() => document.activeElement?.getAttribute('name') ?? ''))
      await page.keyboard.press('Tab')
    }
    expect(visited).not.toContain('website')
    await close()
  })
})

describe('contact form: states', () => {
  it('has Send disabled at load with JavaScript on, before the island arrives, and enabled without JavaScript', async () => {
    for (const viewport of Object.values(viewports)) {
      const withJs = await openContact(browser, { viewport })
      await expect(withJs.page.locator('form[data-interactive]').count()).resolves.toBe(0)
      await expect(submitButton(withJs.page).isDisabled()).resolves.toBe(true)
      await expect(
        withJs.page
          .getByText('Please fill in all required fields to send your message.')
          .isVisible(),
      ).resolves.toBe(true)
      await withJs.close()

      const withoutJs = await openContact(browser, { viewport, javaScriptEnabled: false })
      await expect(submitButton(withoutJs.page).isDisabled()).resolves.toBe(false)
      await withoutJs.close()
    }
  })

  it('keeps Send Message disabled, with the hint, until every field is filled and the message has 10 characters', async () => {
    const { page, close } = await openContact(browser)
    await enhanceForm(page)
    const hint = page.getByText('Please fill in all required fields to send your message.')
    await expectDisabled(page, true)
    await expect(hint.isVisible()).resolves.toBe(true)
    await expect(submitButton(page).textContent()).resolves.toBe('Send Message')

    const { message, ...others } = enquiry
    for (const [name, value] of Object.entries(others)) {
      await expectDisabled(page, true)
      await field(page, name as keyof typeof others).fill(value)
    }
    await field(page, 'message').fill('123456789')
    await expectDisabled(page, true)
    // Every field filled, the message short: the hint says that, not "fill in all fields".
    const shortHint = page.getByText('Your message needs at least 10 characters to send.')
    await expect(hint.isVisible()).resolves.toBe(false)
    await expect(shortHint.isVisible()).resolves.toBe(true)
    await expect(submitButton(page).getAttribute('aria-describedby')).resolves.toBe(
      'contact-form-hint',
    )
    await field(page, 'message').fill('1234567890')
    await expectDisabled(page, false)
    await expect(hint.isVisible()).resolves.toBe(false)
    await expect(shortHint.isVisible()).resolves.toBe(false)
    // Emptying any field disables it again.
    await field(page, 'company').fill('')
    await expectDisabled(page, true)
    await expect(hint.isVisible()).resolves.toBe(true)
    await close()
  })

  it("shows 'Sending...' with a spinner while sending, then resets the form with the success toast", async () => {
    const { page, consoleProblems, close } = await openContact(browser)
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
      await route.fulfill({ status: 201, json: created })
    })
    await enhanceForm(page)
    await fillEnquiry(page)
    await submitButton(page).click()

    await expect.poll(() => submitButton(page).textContent()).toBe('Sending...')
    await expectDisabled(page, true)
    await expect(submitButton(page).locator('.chakra-spinner').count()).resolves.toBe(1)

    release()
    await openToast(page).waitFor()
    await expect(openToast(page).getByText('Message sent successfully!').count()).resolves.toBe(1)
    await expect(
      openToast(page).getByText("We'll get back to you within 24 hours.").count(),
    ).resolves.toBe(1)
    await expect(submitButton(page).textContent()).resolves.toBe('Send Message')
    // Beside the button too, until the next change.
    await expect(statusMessage(page).textContent()).resolves.toBe(
      "Thank you: your enquiry has been received. We'll get back to you within 24 hours.",
    )
    await expect(openToast(page).getAttribute('role')).resolves.toBe('status')
    await expect(fieldValues(page)).resolves.toEqual({
      firstName: '',
      lastName: '',
      email: '',
      phone: '',
      company: '',
      position: '',
      message: '',
    })
    await expectDisabled(page, true)

    expect(sent).toHaveLength(1)
    expect(sent[0]?.body).toEqual({ ...enquiry, website: '' })
    expect(sent[0]?.headers['content-type']).toBe('application/json')
    expect(sent[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/)
    expect(consoleProblems).toEqual([])
    await field(page, 'firstName').fill('A')
    await expect(statusMessage(page).textContent()).resolves.toBe('')
    await close()
  })

  it('keeps the values and shows the destructive toast when the API is down, and retries with the same key', async () => {
    const { page, close } = await openContact(browser)
    const keys: string[] = []
    await page.route('**/api/**', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '')
      await route.abort('connectionrefused')
    })
    await enhanceForm(page)
    await fillEnquiry(page)
    await submitButton(page).click()
    const toast = openToast(page)
    await toast.waitFor()
    await expect(toast.getByText('Failed to send message').count()).resolves.toBe(1)
    await expect(toast.getAttribute('data-type')).resolves.toBe('error')
    await expect(toast.textContent()).resolves.not.toContain('Failed to fetch')
    await expect(fieldValues(page)).resolves.toEqual(enquiry)
    await expectDisabled(page, false)

    // Sending the same enquiry again is a retry: the API sees the same idempotency key.
    await submitButton(page).click()
    await expect.poll(() => keys.length).toBe(2)
    expect(keys[1]).toBe(keys[0])
    // And one toast at a time.
    await expect.poll(() => openToast(page).count()).toBe(1)
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
      const { page, consoleProblems, close } = await openContact(browser)
      await page.route('**/api/contacts', (route) =>
        failure.answer ? route.fulfill(failure.answer) : route.abort('connectionrefused'),
      )
      await enhanceForm(page)
      await fillEnquiry(page)
      await submitButton(page).click()
      const status = statusMessage(page)
      await expect.poll(() => status.getAttribute('data-status')).toBe('failure')
      const text = await status.textContent()
      expect(text).toContain(failure.reads)
      expect(text).toContain('Your details are still in the form')
      // The way round: the agency's e-mail and phone.
      await expect(
        status.getByRole('link', { name: 'hello@elevate-digital.example' }).getAttribute('href'),
      ).resolves.toBe('mailto:hello@elevate-digital.example')
      await expect(
        status.getByRole('link', { name: '020 7946 0321' }).getAttribute('href'),
      ).resolves.toBe('tel:+442079460321')
      // The request helper's message keeps the spec's format, in the console for whoever
      // investigates, and nowhere on the page.
      expect(consoleProblems).toContain(`The enquiry was not sent: ${failure.error}`)
      const toast = openToast(page)
      await toast.waitFor()
      await expect(toast.getAttribute('role')).resolves.toBe('alert')
      await expect(toast.getByText('Failed to send message').count()).resolves.toBe(1)
      await expect(toast.textContent()).resolves.toContain(failure.reads)
      const html = await page.locator('body').innerHTML()
      for (const technical of ['500:', '503:', 'Failed to fetch', 'Internal Server Error']) {
        expect(`${text} ${await toast.textContent()}`).not.toContain(technical)
        expect(html).not.toContain(technical)
      }
      await expect(fieldValues(page)).resolves.toEqual(enquiry)
      await expectDisabled(page, false)
      await close()
    })
  }
})

describe('contact form: field messages', () => {
  it('says nothing about a field merely tabbed past', async () => {
    const { page, close } = await openContact(browser)
    await enhanceForm(page)
    await field(page, 'firstName').focus()
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab')
    await expect(page.locator('[aria-invalid="true"]').count()).resolves.toBe(0)
    for (const message of Object.values(contactMessages)) {
      await expect(page.getByText(message).count()).resolves.toBe(0)
    }
    await close()
  })

  it('shows a field’s message under it when the visitor leaves it invalid after typing in it, tied with aria-invalid and aria-describedby', async () => {
    const { page, close } = await openContact(browser)
    await enhanceForm(page)
    await field(page, 'firstName').focus()
    await page.keyboard.type('A')
    await page.keyboard.press('Backspace')
    await field(page, 'firstName').blur()
    const input = field(page, 'firstName')
    await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true')
    const describedBy = await input.getAttribute('aria-describedby')
    expect(describedBy).toBeTruthy()
    await expect(page.locator(`[id="${describedBy}"]`).textContent()).resolves.toBe(
      contactMessages.firstName,
    )
    // Corrected, the message goes.
    await input.fill('Ada')
    await expect.poll(() => input.getAttribute('aria-invalid')).toBe(null)
    await expect(page.getByText(contactMessages.firstName).count()).resolves.toBe(0)
    await close()
  })

  it('on submit, shows every message and moves focus to the first invalid field', async () => {
    const { page, close } = await openContact(browser)
    let calls = 0
    await page.route('**/api/contacts', (route) => {
      calls++
      return route.abort()
    })
    await enhanceForm(page)
    // Complete enough to enable the button, but wrong for the schema.
    await fillEnquiry(page, { ...enquiry, email: 'ada-at-example' })
    // Past the maxlength attribute, as a pasted or scripted value could be.
    await field(page, 'company').evaluate((input) => input.removeAttribute('maxlength'))
    await field(page, 'company').fill('x'.repeat(maxLengths.company + 1))
    await submitButton(page).click()
    await expect.poll(() => page.getByText(contactMessages.email).count()).toBe(1)
    await expect(
      page.getByText(`Company name must be at most ${maxLengths.company} characters`).count(),
    ).resolves.toBe(1)
    await expect(page.evaluate(() => document.activeElement?.getAttribute('name'))).resolves.toBe(
      'email',
    )
    expect(calls).toBe(0)
    await close()
  })

  it("shows a 400's field messages from the API under the fields", async () => {
    const { page, close } = await openContact(browser)
    await page.route('**/api/contacts', (route) =>
      route.fulfill({
        status: 400,
        json: { message: 'Please check your details', errors: { phone: contactMessages.phone } },
      }),
    )
    await enhanceForm(page)
    await fillEnquiry(page)
    await submitButton(page).click()
    await expect.poll(() => field(page, 'phone').getAttribute('aria-invalid')).toBe('true')
    await expect(page.locator('#contact-phone-error').textContent()).resolves.toBe(
      contactMessages.phone,
    )
    // And a link to the field from the result beside the button.
    await expect(
      statusMessage(page).getByRole('link', { name: contactMessages.phone }).getAttribute('href'),
    ).resolves.toBe('#contact-phone')
    // The toast follows once its code has loaded.
    await expect.poll(() => openToast(page).getByText('Failed to send message').count()).toBe(1)
    await close()
  })

  for (const [name, viewport] of Object.entries(viewports)) {
    it(`has no WCAG 2.2 AA violations with messages showing at ${viewport.width} px (${name})`, async () => {
      const { page, close } = await openContact(browser, { viewport })
      await page.route('**/api/contacts', (route) => route.abort())
      await enhanceForm(page)
      // One message from submitting, two from fields left empty.
      await fillEnquiry(page, { ...enquiry, email: 'nope' })
      await submitButton(page).click()
      await field(page, 'lastName').fill('')
      await field(page, 'lastName').blur()
      await field(page, 'company').focus()
      await field(page, 'company').fill('')
      await field(page, 'company').blur()
      await expect.poll(() => page.locator('[aria-invalid="true"]').count()).toBe(3)
      await expectNoAxeViolations(page)
      await close()
    })
  }

  it('has no WCAG 2.2 AA violations with a toast showing', async () => {
    const { page, close } = await openContact(browser)
    await page.route('**/api/contacts', (route) => route.abort())
    await enhanceForm(page)
    await fillEnquiry(page)
    await submitButton(page).click()
    await openToast(page).waitFor()
    // Hovering pauses the 5-second timer, so the toast cannot start fading out under axe.
    await openToast(page).hover()
    await expectNoAxeViolations(page)
    await close()
  })
})

describe('notification toasts', () => {
  async function showToast(browser: Browser) {
    const opened = await openContact(browser)
    await opened.page.route('**/api/contacts', (route) =>
      route.fulfill({ status: 201, json: created }),
    )
    await enhanceForm(opened.page)
    await fillEnquiry(opened.page)
    await submitButton(opened.page).click()
    await openToast(opened.page).waitFor()
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
    const toast = openToast(page)
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
    await expect.poll(() => openToast(page).count()).toBe(0)
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
    await expect.poll(() => openToast(page).count(), { timeout: 9000, interval: 250 }).toBe(0)
    expect(Date.now() - shownAt).toBeGreaterThan(4000)
    await close()
  })
})
