import { describe, expect, it } from 'vitest'
import { contactMessages, maxLengths } from '#shared/contact.ts'
import { expectNoAxeViolations, sharedChromium, viewports } from './chromium.ts'
import * as contact from './contact-helpers.ts'

/**
 * The messages under the contact form's fields: when they show, how they are tied to their
 * fields, and the API's own (spec §4 Contact form, §5, §8). The API is stubbed with page.route.
 */

const browser = await sharedChromium()

describe('contact form: field messages', () => {
  it('says nothing about a field merely tabbed past', async () => {
    const { page, close } = await contact.openContact(browser)
    await contact.enhanceForm(page)
    await contact.field(page, 'firstName').focus()
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab')
    await expect(page.locator('[aria-invalid="true"]').count()).resolves.toBe(0)
    for (const message of Object.values(contactMessages)) {
      await expect(page.getByText(message).count()).resolves.toBe(0)
    }
    await close()
  })

  it('shows a field’s message under it when the visitor leaves it invalid after typing in it, tied with aria-invalid and aria-describedby', async () => {
    const { page, close } = await contact.openContact(browser)
    await contact.enhanceForm(page)
    const input = contact.field(page, 'firstName')
    const borderColour = () => input.evaluate((element) => getComputedStyle(element).borderColor)
    const validBorder = await borderColour()
    await contact.field(page, 'firstName').focus()
    await page.keyboard.type('A')
    await page.keyboard.press('Backspace')
    await contact.field(page, 'firstName').blur()
    await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true')
    // The invalid look: a red border (the error colour's red channel well above the others).
    const invalidBorder = await borderColour()
    expect(invalidBorder).not.toBe(validBorder)
    const [red = 0, green = 0, blue = 0] = invalidBorder.match(/\d+/g)?.map(Number) ?? []
    expect(red).toBeGreaterThan(green + 80)
    expect(red).toBeGreaterThan(blue + 80)
    const describedBy = await input.getAttribute('aria-describedby')
    expect(describedBy).toBeTruthy()
    await expect(page.locator(`[id="${describedBy}"]`).textContent()).resolves.toBe(
      contactMessages.firstName,
    )
    // Corrected, the message goes.
    await input.fill('Ada')
    await expect.poll(() => input.getAttribute('aria-invalid')).toBe(null)
    await input.blur()
    await expect.poll(borderColour).toBe(validBorder)
    await expect(page.getByText(contactMessages.firstName).count()).resolves.toBe(0)
    await close()
  })

  it('on submit, shows every message and moves focus to the first invalid field', async () => {
    const { page, close } = await contact.openContact(browser)
    let calls = 0
    await page.route('**/api/contacts', (route) => {
      calls++
      return route.abort()
    })
    await contact.enhanceForm(page)
    // Complete enough to enable the button, but wrong for the schema.
    await contact.fillEnquiry(page, { ...contact.enquiry, email: 'ada-at-example' })
    // Past the maxlength attribute, as a pasted or scripted value could be.
    await contact.field(page, 'company').evaluate((input) => input.removeAttribute('maxlength'))
    await contact.field(page, 'company').fill('x'.repeat(maxLengths.company + 1))
    await contact.submitButton(page).click()
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
    const { page, close } = await contact.openContact(browser)
    await page.route('**/api/contacts', (route) =>
      route.fulfill({
        status: 400,
        json: { message: 'Please check your details', errors: { phone: contactMessages.phone } },
      }),
    )
    await contact.enhanceForm(page)
    await contact.fillEnquiry(page)
    await contact.submitButton(page).click()
    await expect.poll(() => contact.field(page, 'phone').getAttribute('aria-invalid')).toBe('true')
    await expect(page.locator('#contact-phone-error').textContent()).resolves.toBe(
      contactMessages.phone,
    )
    // And a link to the field from the result beside the button.
    await expect(
      contact
        .statusMessage(page)
        .getByRole('link', { name: contactMessages.phone })
        .getAttribute('href'),
    ).resolves.toBe('#contact-phone')
    // The toast follows once its code has loaded.
    await expect
      .poll(() => contact.openToast(page).getByText('Failed to send message').count())
      .toBe(1)
    await close()
  })

  for (const [name, viewport] of Object.entries(viewports)) {
    it(`has no WCAG 2.2 AA violations with messages showing at ${viewport.width} px (${name})`, async () => {
      const { page, close } = await contact.openContact(browser, { viewport })
      await page.route('**/api/contacts', (route) => route.abort())
      await contact.enhanceForm(page)
      // One message from submitting, two from fields left empty.
      await contact.fillEnquiry(page, { ...contact.enquiry, email: 'nope' })
      await contact.submitButton(page).click()
      await contact.field(page, 'lastName').fill('')
      await contact.field(page, 'lastName').blur()
      await contact.field(page, 'company').focus()
      await contact.field(page, 'company').fill('')
      await contact.field(page, 'company').blur()
      await expect.poll(() => page.locator('[aria-invalid="true"]').count()).toBe(3)
      await expectNoAxeViolations(page)
      await close()
    })
  }

  it('has no WCAG 2.2 AA violations with a toast showing', async () => {
    const { page, close } = await contact.openContact(browser)
    await page.route('**/api/contacts', (route) => route.abort())
    await contact.enhanceForm(page)
    await contact.fillEnquiry(page)
    await contact.submitButton(page).click()
    await contact.openToast(page).waitFor()
    // Hovering pauses the 5-second timer, so the toast cannot start fading out under axe.
    await contact.openToast(page).hover()
    await expectNoAxeViolations(page)
    await close()
  })
})
