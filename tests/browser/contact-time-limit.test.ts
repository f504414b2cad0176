import type { Request, Route } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { contactFormCopy } from '#frontend/components/contact-form/content.ts'
import { SEND_TIME_LIMIT_MS } from '#frontend/components/contact-form/on-send-request.ts'
import { sharedChromium, url } from './chromium.ts'
import * as contact from './contact-helpers.ts'

/**
 * The time limit on Send, against the real local stack: when the API does not answer in time the
 * visitor gets words and the button back, and pressing Send again sends the same idempotency key,
 * so the enquiry is stored (and e-mailed) once even though the first request reached the API too,
 * late: before the second press, or after it. The page runs on Playwright's fake clock.
 */

const browser = await sharedChromium()

interface Held {
  readonly request: Request
  readonly route: Route
}

/** What the held first request would have done had it reached the API late: the same call. */
async function deliverLate({ request }: Held): Promise<{ status: number; id: string }> {
  const headers = request.headers()
  const response = await fetch(url('/api/contacts'), {
    method: 'POST',
    headers: {
      'content-type': headers['content-type'] ?? '',
      'idempotency-key': headers['idempotency-key'] ?? '',
    },
    body: request.postData() ?? '',
  })
  const { id } = (await response.json()) as { id: string }
  return { status: response.status, id }
}

describe('the time limit on Send', () => {
  for (const late of ['before the second press', 'after the second press'] as const) {
    it(`gives the button back with words, and a resend stores the enquiry once (the first arrives ${late})`, {
      timeout: 60_000,
    }, async () => {
      const { page, close } = await contact.openContact(browser, { fakeClock: true })
      const sent: Request[] = []
      let first: Held | undefined
      await page.route('**/api/contacts', async (route, request) => {
        sent.push(request)
        // The first request never gets through in time; every later one reaches the API.
        if (!first) first = { request, route }
        else await route.continue()
      })
      const message = contact.uniqueMessage(`a send that timed out, ${late}`)
      await contact.fillEnquiry(page, { ...contact.enquiry, message })
      await contact.submitButton(page).click()
      await expect.poll(() => sent.length).toBe(1)
      await page.clock.fastForward(SEND_TIME_LIMIT_MS - 1000)
      await expect(contact.submitButton(page).textContent()).resolves.toBe('Sending...')
      await page.clock.fastForward(1000)
      const status = contact.statusMessage(page)
      await expect
        .poll(() => status.textContent())
        .toContain(contactFormCopy.failure.reasons.timedOut)
      await expect(contact.submitButton(page).textContent()).resolves.toBe('Send Message')
      await expect(contact.submitButton(page).isDisabled()).resolves.toBe(false)
      if (!first) throw new Error('the first request was not held')

      const stored = late === 'before the second press' ? await deliverLate(first) : undefined
      const answered = page.waitForResponse((response) => response.url().endsWith('/api/contacts'))
      await contact.submitButton(page).click()
      const second = await (await answered).json()
      await expect.poll(() => status.getAttribute('data-status')).toBe('success')
      const replayed = late === 'after the second press' ? await deliverLate(first) : stored

      // One key for both requests, one enquiry for both answers, one e-mail to the agency.
      expect(sent).toHaveLength(2)
      const keys = sent.map((request) => request.headers()['idempotency-key'])
      expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/)
      expect(keys[1]).toBe(keys[0])
      expect(replayed).toEqual({ status: 201, id: second.id })
      await contact.emailWith(message)
      expect(await contact.emailCount(message)).toBe(1)
      await first.route.abort().catch(() => undefined)
      await close()
    })
  }
})
