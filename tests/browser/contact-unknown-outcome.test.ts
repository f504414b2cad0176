import { describe, expect, it } from 'vitest'
import { contactFormCopy } from '#frontend/components/contact-form/content.ts'
import { sharedChromium } from './chromium.ts'
import * as contact from './contact-helpers.ts'
import { waitForShell } from './page-start.ts'

/**
 * A send whose outcome the API could not know (its own 504: the table answered neither the write
 * nor a read of it), against the real local stack: the enquiry did land. The visitor reads that it
 * may have arrived and that sending again is safe, reloads the page, sends the restored draft
 * again, and the API sees the same idempotency key: one enquiry, one e-mail.
 */
const browser = await sharedChromium()

describe('a send of unknown outcome, sent again from a fresh page', () => {
  it('goes with the same idempotency key: one enquiry, one e-mail', {
    timeout: 60_000,
  }, async () => {
    const { page, close } = await contact.openContact(browser)
    const keys: string[] = []
    await page.route('**/api/contacts', async (route, request) => {
      keys.push(request.headers()['idempotency-key'] ?? '')
      const stored = await route.fetch()
      if (keys.length > 1) return route.fulfill({ response: stored })
      // The first one reached the API and was stored; its answer is the one an unanswered
      // table makes the API give.
      expect(stored.status()).toBe(201)
      return route.fulfill({
        status: 504,
        json: { message: 'Sorry, we could not confirm that your message was saved.' },
      })
    })
    const message = contact.uniqueMessage('a send of unknown outcome')
    await contact.fillEnquiry(page, { ...contact.enquiry, message })
    await contact.submitButton(page).click()
    const status = contact.statusMessage(page)
    await expect
      .poll(() => status.textContent())
      .toContain(contactFormCopy.failure.reasons.timedOut)

    await page.reload({ waitUntil: 'load' })
    await waitForShell(page)
    await expect(contact.fieldValues(page)).resolves.toMatchObject({ message })
    await contact.enhanceForm(page)
    await contact.submitButton(page).click()
    await expect.poll(() => status.getAttribute('data-status')).toBe('success')

    expect(keys).toHaveLength(2)
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/)
    expect(keys[1]).toBe(keys[0])
    await contact.emailWith(message)
    expect(await contact.emailCount(message)).toBe(1)
    await close()
  })
})
