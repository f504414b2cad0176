import type { Locator, Route } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { contactFormCopy } from '#frontend/components/contact-form/content.ts'
import { SEND_TIME_LIMIT_MS } from '#frontend/components/contact-form/on-send-request.ts'
import { contactMessages } from '#shared/contact.ts'
import { reviewViewports, settleAnimations, sharedChromium } from './chromium.ts'
import {
  enquiry,
  fieldValues,
  fillEnquiry,
  openContact,
  openToast,
  statusMessage,
  submitButton,
} from './contact-helpers.ts'

/**
 * Whatever happens after Send, the visitor sees it where they are looking, on a phone and on a
 * desktop, on a first visit with the cookie banner open: the result beside the form is the
 * topmost thing at its centre and corners, focus is on it, the toast covers neither it nor the
 * banner's buttons, and no gateway's or library's words or status codes are anywhere on screen.
 */

const reasons = contactFormCopy.failure.reasons

interface Outcome {
  readonly name: string
  /** How the API (or the network) answers; undefined: never. */
  readonly answer: ((route: Route) => Promise<void>) | undefined
  readonly words: string
}

const json = (status: number, body: unknown) => (route: Route) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) })

const outcomes: Outcome[] = [
  {
    name: 'success',
    answer: json(201, { id: 'enq-1', createdAt: '2026-11-21T10:00:00.000Z', message: 'Thank you' }),
    words: contactFormCopy.status.success,
  },
  {
    name: 'a 400 naming fields',
    answer: json(400, {
      message: 'Please check your details: Phone number is required',
      errors: { phone: contactMessages.phone },
    }),
    words: reasons.fields,
  },
  {
    name: 'a 429 from the gateway',
    answer: json(429, { message: 'Too Many Requests' }),
    words: reasons.rateLimited,
  },
  {
    name: 'a 503 from the gateway',
    answer: json(503, { message: 'Service Unavailable' }),
    words: reasons.unavailable,
  },
  {
    name: 'a 504 from the gateway',
    answer: json(504, { message: 'Endpoint request timed out' }),
    words: reasons.timedOut,
  },
  {
    name: 'a network failure',
    answer: (route) => route.abort('internetdisconnected'),
    words: reasons.network,
  },
  { name: 'no answer at all', answer: undefined, words: reasons.timedOut },
]

/** What must never reach a visitor's eyes: gateway and library wording, status codes. */
const technical =
  /Internal Server Error|Service Unavailable|Too Many Requests|Endpoint request timed out|Failed to fetch|TypeError|NetworkError|\b(400|408|413|422|429|500|502|503|504)\b|\{"/

/** The points a visitor's eye (or finger) meets: the centre and, 2 px in, the four corners. */
async function topmostAt(target: Locator): Promise<string[]> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect()
    const inset = 2
    const points = {
      centre: [box.left + box.width / 2, box.top + box.height / 2],
      'top left': [box.left + inset, box.top + inset],
      'top right': [box.right - inset, box.top + inset],
      'bottom left': [box.left + inset, box.bottom - inset],
      'bottom right': [box.right - inset, box.bottom - inset],
    } as const
    const covered: string[] = []
    for (const [name, [x, y]] of Object.entries(points)) {
      const top = document.elementFromPoint(x, y)
      if (!top || !element.contains(top)) {
        covered.push(`${name} (${Math.round(x)}, ${Math.round(y)}): ${top?.outerHTML.slice(0, 80)}`)
      }
    }
    return covered
  })
}

const browser = await sharedChromium()

for (const [name, viewport] of Object.entries(reviewViewports)) {
  describe(`after Send at ${viewport.width}x${viewport.height} (${name}), first visit, banner open`, () => {
    for (const outcome of outcomes) {
      it(`${outcome.name}: the result is in view, uncovered, focused, in plain words`, async () => {
        const { page, close } = await openContact(browser, {
          viewport,
          firstVisit: true,
          fakeClock: true,
        })
        const banner = page.locator('[data-cookie-banner][data-state="open"]')
        await banner.waitFor()
        let requests = 0
        await page.route('**/api/contacts', async (route) => {
          requests++
          await outcome.answer?.(route)
        })
        await fillEnquiry(page)
        await submitButton(page).click()
        if (!outcome.answer) {
          await expect.poll(() => requests).toBe(1)
          await expect.poll(() => submitButton(page).textContent()).toBe('Sending...')
          // Past the form's time limit, on the page's clock.
          await page.clock.fastForward(SEND_TIME_LIMIT_MS)
        }
        const status = statusMessage(page)
        await expect.poll(() => status.getAttribute('data-status')).not.toBeNull()
        await openToast(page).waitFor()
        // Wait for the toast to finish sliding in: a moving box is not where it rests.
        await settleAnimations(page)

        const success = outcome.name === 'success'
        await expect(status.textContent()).resolves.toContain(outcome.words)
        await expect(openToast(page).textContent()).resolves.toContain(
          success ? contactFormCopy.success.title : contactFormCopy.failure.title,
        )
        if (!success) await expect(openToast(page).textContent()).resolves.toContain(outcome.words)

        // Where the visitor is looking: focus on the result, nothing over any part of it.
        await expect(
          page.evaluate(() => document.activeElement?.id ?? document.activeElement?.tagName),
        ).resolves.toBe('contact-form-status')
        await expect(topmostAt(status)).resolves.toEqual([])
        // And the toast leaves the banner's choices free.
        for (const choice of ['Decline Optional', 'Accept All Cookies']) {
          await expect(topmostAt(banner.getByRole('button', { name: choice }))).resolves.toEqual([])
        }
        const toastBox = await openToast(page).boundingBox()
        expect(toastBox?.y ?? -1).toBeGreaterThanOrEqual(0)
        expect((toastBox?.y ?? 0) + (toastBox?.height ?? 0)).toBeLessThanOrEqual(viewport.height)

        // No gateway's words, no status code, anywhere on the page the visitor can see.
        const visible = await page.evaluate(() => document.body.innerText)
        expect(visible).not.toMatch(technical)

        if (success) {
          await expect(fieldValues(page)).resolves.toMatchObject({ firstName: '', message: '' })
          // The hint about the emptied form does not stand above the thanks.
          await expect(
            page
              .getByText(contactFormCopy.hints.incomplete)
              .evaluate((hint) => getComputedStyle(hint.parentElement ?? hint).visibility),
          ).resolves.toBe('hidden')
        } else {
          await expect(fieldValues(page)).resolves.toEqual(enquiry)
          await expect(submitButton(page).isDisabled()).resolves.toBe(false)
          await expect(submitButton(page).textContent()).resolves.toBe('Send Message')
        }
        if (outcome.name === 'a 400 naming fields') {
          // The field's message under it, and a link to it from the result.
          await expect(page.locator('#contact-phone').getAttribute('aria-invalid')).resolves.toBe(
            'true',
          )
          await status.getByRole('link', { name: contactMessages.phone }).click()
          await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe(
            'contact-phone',
          )
        }
        await close()
      })
    }
  })
}
