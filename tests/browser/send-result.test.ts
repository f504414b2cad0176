import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { contactMessages } from '#shared/contact.ts'
import { reviewViewports, settleAnimations, sharedChromium } from './chromium.ts'
import * as contact from './contact-helpers.ts'

/**
 * The result of a send as a visitor on a first visit meets it, on a phone and a laptop: the toast
 * covers neither the header's links nor the field it is about, its words name what to correct
 * rather than pointing at fields that may be out of view, every message asks to send again once,
 * and the result sits just under the Send button.
 */

const browser = await sharedChromium()

interface Answer {
  readonly name: string
  readonly status: number
  readonly body: unknown
}

const answers: Answer[] = [
  {
    name: 'a 400 naming Last Name',
    status: 400,
    body: { message: 'Please check your details', errors: { lastName: contactMessages.lastName } },
  },
  { name: 'a 413', status: 413, body: { message: 'Too large' } },
  { name: 'a 415', status: 415, body: { message: 'Unsupported' } },
  { name: 'a 429', status: 429, body: { message: 'Too Many Requests' } },
  { name: 'a 503', status: 503, body: { message: 'Service Unavailable' } },
  { name: 'a 504', status: 504, body: { message: 'Endpoint request timed out' } },
  { name: 'a success', status: 201, body: { id: 'enq-1', createdAt: '2026-11-21T10:00:00Z' } },
]

/** Where everything a toast could hide lies, read in one go (the toast closes after 5 s). */
function readLayout(page: Page) {
  return page.evaluate(() => {
    const box = (element: Element | null) => {
      const rect = element?.getBoundingClientRect()
      return rect && { top: rect.top, bottom: rect.bottom, left: rect.left, right: rect.right }
    }
    const visible = (element: Element) => {
      // A closed menu's links are laid out but not shown.
      const menu = element.closest('details:not([open])')
      if (menu && !menu.querySelector(':scope > summary')?.contains(element)) return false
      const rect = element.getBoundingClientRect()
      return rect.width > 0 && rect.height > 0 && getComputedStyle(element).visibility !== 'hidden'
    }
    const toast = document.querySelector('[data-scope="toast"][data-state="open"]')
    const headerControls = [
      ...document.querySelectorAll('[data-site-header] a, [data-site-header] summary'),
    ]
      .filter(visible)
      .map((element) => ({ name: element.textContent?.trim() || 'Menu', box: box(element) }))
    const invalid = [...document.querySelectorAll('#contact-form [aria-invalid="true"]')]
      .filter(visible)
      .map((element) => ({ name: element.getAttribute('name') ?? '', box: box(element) }))
    return {
      toast: box(toast),
      toastText: toast?.textContent ?? '',
      status: box(document.querySelector('#contact-form-status > *')),
      statusText: document.querySelector('#contact-form-status')?.textContent ?? '',
      button: box(document.querySelector('#contact-form button[type="submit"]')),
      banner: box(document.querySelector('[data-cookie-banner][data-state="open"]')),
      headerControls,
      invalid,
      innerHeight,
    }
  })
}

type Box = { top: number; bottom: number; left: number; right: number } | undefined
const overlaps = (a: Box, b: Box) =>
  !!a && !!b && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom

for (const [name, viewport] of Object.entries(reviewViewports)) {
  describe(`the result of a send at ${viewport.width} px (${name}), first visit, banner open`, () => {
    it('the toast hides no header link and no field it names, and each message asks once to send again, just under Send', {
      timeout: 120_000,
    }, async () => {
      const { page, close } = await contact.openContact(browser, { viewport, firstVisit: true })
      await page.locator('[data-cookie-banner][data-state="open"]').waitFor()
      let answer = answers[0] as Answer
      await page.route('**/api/contacts', (route) =>
        route.fulfill({
          status: answer.status,
          contentType: 'application/json',
          body: JSON.stringify(answer.body),
        }),
      )
      await contact.fillEnquiry(page)
      for (const next of answers) {
        answer = next
        // A change clears the last result, as a visitor's correction would.
        await contact.field(page, 'company').fill(`Acme ${next.status}`)
        await contact.submitButton(page).click()
        await expect
          .poll(() => contact.statusMessage(page).getAttribute('data-status'))
          .not.toBeNull()
        await contact.openToast(page).waitFor()
        await settleAnimations(page)
        const layout = await readLayout(page)
        const context = `${next.name}: ${JSON.stringify(layout)}`

        for (const control of layout.headerControls) {
          expect(overlaps(layout.toast, control.box), `${context} covers ${control.name}`).toBe(
            false,
          )
        }
        for (const input of layout.invalid) {
          expect(overlaps(layout.toast, input.box), `${context} covers ${input.name}`).toBe(false)
        }
        // Wholly on screen, above the banner.
        expect(layout.toast?.top ?? -1, context).toBeGreaterThanOrEqual(0)
        expect(layout.toast?.bottom ?? Infinity, context).toBeLessThanOrEqual(
          layout.banner?.top ?? layout.innerHeight,
        )
        // The result just under the button, not a hidden hint's height further down.
        const gap = (layout.status?.top ?? 0) - (layout.button?.bottom ?? 0)
        expect(gap, context).toBeLessThanOrEqual(24)
        expect(gap, context).toBeGreaterThanOrEqual(8)

        if (next.status !== 201) {
          expect(layout.statusText.match(/again/g), context).toHaveLength(1)
          expect(layout.toastText.match(/again/g), context).toHaveLength(1)
          expect(layout.toastText, context).not.toMatch(/above|below/)
        }
        if (next.status === 400) {
          // The toast names the field; the one marked is Last Name.
          expect(layout.toastText, context).toContain('Last Name')
          expect(layout.invalid.map((input) => input.name)).toEqual(['lastName'])
        }
      }
      await close()
    })
  })
}
