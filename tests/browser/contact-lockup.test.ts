import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { sharedChromium, url } from './chromium.ts'
import {
  type EnquiryField,
  enhanceForm,
  enquiry,
  field,
  fieldValues,
  holdIsland,
  openContact,
  statusMessage,
  submitButton,
} from './contact-helpers.ts'
import { waitForShell } from './page-start.ts'

/**
 * The lock-up matrix: every way a visitor's browser can put values into the form, at a desktop
 * and a phone width, before and after the form's code takes over. Each case asserts that the Send button
 * is enabled within 100 ms of the last value and that the enquiry then really is sent and stored
 * (the local stack answers 201 only after writing it). Lock-ups are collected, not thrown at the
 * first, so a failing run says how many cases of how many locked up.
 */

const widths = {
  desktop: { width: 1366, height: 768 },
  phone: { width: 390, height: 844 },
} as const

/** How fast the button must follow the last value. */
const FOLLOW_MS = 100
/** Repetitions of the timing-sensitive case: values entered 0–300 ms after the first focus. */
const TIMED_REPS = 20

type Way = 'type' | 'paste' | 'fill' | 'autofill-input' | 'autofill-change' | 'autofill-animation'

const ways: readonly Way[] = [
  'type',
  'paste',
  'fill',
  'autofill-input',
  'autofill-change',
  'autofill-animation',
]

/** Events each kind of autofill fires after setting every value (Chrome's vary by version). */
const autofillEvents = {
  'autofill-input': ['input', 'change'],
  'autofill-change': ['change'],
  'autofill-animation': ['animationstart'],
} as const

const valuesFor = (label: string): Record<EnquiryField, string> => ({
  ...enquiry,
  message: `Lock-up matrix: ${label} (${Date.now()}-${Math.random().toString(36).slice(2)}).`,
})

/**
 * Sets every field at once, the way autofill does: through the prototype's value setter (which
 * bypasses whatever a framework hooks on the element), then only the given events. Runs in the
 * page, optionally `delayMs` after focusing the first field; resolves how long the button took
 * to become enabled after the last value (Infinity if it stayed disabled for a second).
 */
function autofillInPage(
  page: Page,
  values: Record<string, string>,
  events: readonly string[],
  delayMs?: number,
): Promise<number> {
  return page.evaluate(
    async ({ values, events, delayMs }) => {
      const form = document.querySelector<HTMLFormElement>('#contact-form form')
      const button = form?.querySelector<HTMLButtonElement>('button[type="submit"]')
      if (!form || !button) throw new Error('no form')
      if (delayMs !== undefined) {
        form.querySelector<HTMLInputElement>('[name="firstName"]')?.focus({ preventScroll: true })
        await new Promise((resolve) => setTimeout(resolve, delayMs))
      }
      const setters = {
        input: Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set,
        textarea: Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set,
      }
      for (const [name, value] of Object.entries(values)) {
        const element = form.querySelector<HTMLInputElement | HTMLTextAreaElement>(
          `[name="${name}"]`,
        )
        if (!element) throw new Error(`no field ${name}`)
        const setter = element instanceof HTMLTextAreaElement ? setters.textarea : setters.input
        setter?.call(element, value)
      }
      for (const element of form.querySelectorAll<HTMLElement>('input, textarea')) {
        for (const type of events) {
          const event =
            type === 'animationstart'
              ? new AnimationEvent(type, { bubbles: true, animationName: 'fade-in' })
              : new Event(type, { bubbles: true })
          element.dispatchEvent(event)
        }
      }
      return waitEnabled(button, performance.now())

      function waitEnabled(target: HTMLButtonElement, since: number): Promise<number> {
        return new Promise((resolve) => {
          const done = () => resolve(performance.now() - since)
          if (!target.disabled) return done()
          const observer = new MutationObserver(() => {
            if (!target.disabled) {
              observer.disconnect()
              done()
            }
          })
          observer.observe(target, { attributes: true, attributeFilter: ['disabled'] })
          setTimeout(() => {
            observer.disconnect()
            resolve(target.disabled ? Number.POSITIVE_INFINITY : performance.now() - since)
          }, 1000)
        })
      }
    },
    { values, events, delayMs },
  )
}

/** After a Playwright action: how long until the button is enabled (Infinity after a second). */
function enabledAfter(page: Page): Promise<number> {
  return page.evaluate(() => {
    const button = document.querySelector<HTMLButtonElement>('#contact-form button[type="submit"]')
    if (!button) throw new Error('no button')
    const since = performance.now()
    return new Promise<number>((resolve) => {
      const check = () => {
        if (!button.disabled) resolve(performance.now() - since)
        else if (performance.now() - since > 1000) resolve(Number.POSITIVE_INFINITY)
        else setTimeout(check, 5)
      }
      check()
    })
  })
}

/** Enters `values` the given way; resolves the button's delay after the last value. */
async function enter(page: Page, way: Way, values: Record<EnquiryField, string>) {
  if (way === 'type' || way === 'paste' || way === 'fill') {
    for (const [name, value] of Object.entries(values)) {
      const input = field(page, name as EnquiryField)
      if (way === 'fill') await input.fill(value)
      else {
        await input.focus()
        if (way === 'type') await page.keyboard.type(value)
        // A paste arrives as one insertion of the whole text.
        else await page.keyboard.insertText(value)
      }
    }
    return enabledAfter(page)
  }
  return autofillInPage(page, values, autofillEvents[way])
}

/** How many presses of Send a 503 may take before it counts against the form. */
const PRESSES_ON_503 = 3

/**
 * Clicks Send and resolves the API's status for the enquiry it posted, once the page has taken
 * the answer in: the status beside the button shows its outcome, as the visitor reads it. The
 * API's answer alone is not that moment: on a busy machine the next case's navigation overtook
 * the page's handling of a 201, so the draft (dropped only once the page knows the enquiry was
 * sent) came back into the next page's fields, and a typed or pasted value was appended to it.
 * A 503 is the API's documented "try again in a moment" (storage slower than its deadline, as on
 * a machine this busy): the page keeps every value and the idempotency key and says to try
 * again, so the test presses Send again, as the visitor would. Any other answer is final.
 */
async function send(page: Page): Promise<number> {
  for (let press = 1; ; press++) {
    const [response] = await Promise.all([
      page.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === '/api/contacts' &&
          response.request().method() === 'POST',
        // The API answers within its 8 s budget; the rest is for a machine running other suites.
        { timeout: 30_000 },
      ),
      submitButton(page).click({ timeout: 5000 }),
    ])
    // Shown once the page has handled the answer: a success after the form has emptied itself
    // and dropped its draft, a failure once Send works again.
    const outcome = response.ok() ? 'success' : 'failure'
    await statusMessage(page)
      .and(page.locator(`[data-status="${outcome}"]`))
      .waitFor()
    if (response.status() !== 503 || press === PRESSES_ON_503) return response.status()
  }
}

const emptyForm = Object.fromEntries(Object.keys(enquiry).map((name) => [name, '']))

/**
 * Loads /contact again in the tab of the cases before, and checks that the case starts from an
 * empty form: a draft the case before left in the tab comes back into the fields, and a typed
 * value is then appended to it. Checked softly, so the run still counts every lock-up.
 */
async function loadEmptyForm(page: Page) {
  await page.goto(url('/contact'), { waitUntil: 'load' })
  await waitForShell(page)
  expect.soft(await fieldValues(page), 'the form at the start of a case').toEqual(emptyForm)
}

interface Lockup {
  readonly label: string
  readonly followMs: number
  readonly status?: number
}

const browser = await sharedChromium()

describe('contact form lock-up matrix', () => {
  for (const [widthName, viewport] of Object.entries(widths)) {
    it(`after its code takes over, at ${viewport.width} px: every way of entering values enables Send and sends`, async () => {
      const lockups: Lockup[] = []
      const { page, close } = await openContact(browser, { viewport })
      for (const way of ways) {
        await loadEmptyForm(page)
        await enhanceForm(page)
        const followMs = await enter(page, way, valuesFor(`${way} ${widthName}`))
        const status = followMs <= FOLLOW_MS ? await send(page) : undefined
        if (followMs > FOLLOW_MS || status !== 201) lockups.push({ label: way, followMs, status })
      }
      expect(lockups).toEqual([])
      await close()
    }, 120_000)

    it(`before its code takes over, at ${viewport.width} px: every way of entering values enables Send at once, and the island keeps them`, async () => {
      const lockups: Lockup[] = []
      const { page, close } = await openContact(browser, { viewport })
      for (const way of ways) {
        // Hold the island back while the visitor enters everything.
        const release = await holdIsland(page)
        await loadEmptyForm(page)
        const values = valuesFor(`${way} early ${widthName}`)
        const followMs = await enter(page, way, values)
        await expect(page.locator('form[data-interactive]').count()).resolves.toBe(0)
        await release()
        await enhanceForm(page)
        const kept = JSON.stringify(await fieldValues(page)) === JSON.stringify(values)
        const status = followMs <= FOLLOW_MS && kept ? await send(page) : undefined
        if (followMs > FOLLOW_MS || status !== 201) {
          lockups.push({ label: `${way}${kept ? '' : ' (values lost)'}`, followMs, status })
        }
      }
      expect(lockups).toEqual([])
      await close()
    }, 120_000)

    it(`at ${viewport.width} px: values already in the page before any script runs enable Send and are kept`, async () => {
      const { page, close } = await openContact(browser, { viewport })
      const values = valuesFor(`in the page ${widthName}`)
      // As a browser filling the form while the page loads: the values are set once the
      // document is parsed, before any of its scripts (module scripts run after 'interactive').
      await page.addInitScript((entries) => {
        document.addEventListener('readystatechange', () => {
          if (document.readyState !== 'interactive') return
          for (const [name, value] of entries) {
            const element = document.querySelector<HTMLInputElement>(`[name="${name}"]`)
            if (element) element.value = value
          }
        })
      }, Object.entries(values))
      await page.goto(url('/contact'), { waitUntil: 'load' })
      await waitForShell(page)
      expect(await enabledAfter(page)).toBeLessThanOrEqual(FOLLOW_MS)
      await enhanceForm(page)
      await expect(fieldValues(page)).resolves.toEqual(values)
      expect(await send(page)).toBe(201)
      await close()
    })

    it(`after a send, at ${viewport.width} px: a refill with identical values in one go enables Send again`, async () => {
      const lockups: Lockup[] = []
      const { page, close } = await openContact(browser, { viewport })
      await enhanceForm(page)
      const values = valuesFor(`refill ${widthName}`)
      await enter(page, 'fill', values)
      expect(await send(page)).toBe(201)
      for (const way of ['autofill-input', 'autofill-change', 'autofill-animation'] as const) {
        // The form empties itself once the answer is in.
        await expect.poll(() => field(page, 'firstName').inputValue()).toBe('')
        const followMs = await enter(page, way, values)
        const status = followMs <= FOLLOW_MS ? await send(page) : undefined
        if (followMs > FOLLOW_MS || status !== 201) lockups.push({ label: way, followMs, status })
      }
      expect(lockups).toEqual([])
      await close()
    }, 120_000)

    it(`at ${viewport.width} px: values entered 0–300 ms after the first focus, ${TIMED_REPS} times, never lock Send`, async () => {
      const lockups: Lockup[] = []
      const { page, close } = await openContact(browser, { viewport })
      for (let rep = 0; rep < TIMED_REPS; rep++) {
        const delayMs = Math.round((rep * 300) / (TIMED_REPS - 1))
        await loadEmptyForm(page)
        const values = valuesFor(`timed ${delayMs} ms ${widthName}`)
        const followMs = await autofillInPage(page, values, ['input', 'change'], delayMs)
        await page.locator('form[data-interactive]').waitFor()
        const kept = JSON.stringify(await fieldValues(page)) === JSON.stringify(values)
        const enabled = !(await submitButton(page).isDisabled())
        const status = followMs <= FOLLOW_MS && kept && enabled ? await send(page) : undefined
        if (followMs > FOLLOW_MS || status !== 201) {
          lockups.push({
            label: `${delayMs} ms${kept ? '' : ' (values lost)'}${enabled ? '' : ' (disabled after take-over)'}`,
            followMs,
            status,
          })
        }
      }
      expect(lockups).toEqual([])
      await close()
    }, 240_000)
  }
})
