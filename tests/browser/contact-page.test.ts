import { describe, expect, it } from 'vitest'
import { maxLengths } from '#shared/contact.ts'
import { sharedChromium } from './chromium.ts'
import { enhanceForm, expectAgencyContactLinks, field, openContact } from './contact-helpers.ts'

/**
 * The contact page and its form's fields as prerendered (spec §2 Contact, §4 Contact form).
 * The form's behaviour: contact-states, contact-field-messages and contact-toasts.test.ts.
 */

const browser = await sharedChromium()

describe('contact page', () => {
  it('shows the hero, the contact details, the four consultation benefits and the form', async () => {
    const { page, close } = await openContact(browser)
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Contact Us')
    await expectAgencyContactLinks(page.locator('main'))
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
