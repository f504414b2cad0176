import { type ContactField, contactFields, MESSAGE_MIN_LENGTH } from '#shared/contact-fields.ts'
import type { Readiness } from './markup.ts'

/**
 * The Send button's state and the hint beside it, derived from what the fields hold in the DOM
 * right now, every time anything may have changed them. Plain DOM code without React or zod: the
 * contact page's first script runs it as soon as it starts (just after the first paint), long
 * before the island arrives, and it keeps running after. Nothing here remembers a value, so no
 * sequence of events (autofill firing only `change`, a refill with the same values after a
 * reset, values entered while the form's code takes over) can leave the button out of step with
 * the fields.
 */

export type ContactValues = Record<ContactField, string>

/** The parts this module reads and writes, marked in ContactForm.tsx by the same names. */
export const readinessParts = {
  /** Set on the form while a send is in progress (the Send button stays disabled). */
  busy: 'aria-busy',
  /** The hint beside the Send button, which holds one text per `Readiness` but 'ready'. */
  hintId: 'contact-form-hint',
  /** On each text of the hint: the readiness it speaks for; only the current one shows. */
  hintFor: 'data-hint',
  /** On the hint: the form's current `Readiness` (the hint hides itself when 'ready'). */
  readiness: 'data-readiness',
} as const

/**
 * Events after which a field's value may be new: typing and paste (`input`), autofill that fires
 * only `change`, and Chrome's autofill preview, which starts the `:-webkit-autofill` animation
 * (see ContactForm.tsx) without any input event.
 */
export const VALUE_EVENTS = ['input', 'change', 'animationstart'] as const

export function readiness(values: ContactValues): Readiness {
  if (contactFields.some((field) => values[field].trim() === '')) return 'incomplete'
  return values.message.trim().length < MESSAGE_MIN_LENGTH ? 'short-message' : 'ready'
}

/** The Send button is disabled while the form is incomplete or a send is in progress. */
export function isSubmitDisabled(values: ContactValues, sending: boolean): boolean {
  return sending || readiness(values) !== 'ready'
}

/** The form's current values, read from the DOM (text typed before any script counts too). */
export function readValues(form: HTMLFormElement): ContactValues {
  const data = new FormData(form)
  return Object.fromEntries(
    contactFields.map((field) => [field, String(data.get(field) ?? '')]),
  ) as ContactValues
}

/** Brings the button and the hint in line with the fields; returns the readiness it applied. */
export function applyReadiness(form: HTMLFormElement): Readiness {
  const values = readValues(form)
  const state = readiness(values)
  const sending = form.getAttribute(readinessParts.busy) === 'true'
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')
  if (button) {
    button.disabled = isSubmitDisabled(values, sending)
    if (state === 'ready') button.removeAttribute('aria-describedby')
    else button.setAttribute('aria-describedby', readinessParts.hintId)
  }
  const hint = form.querySelector<HTMLElement>(`#${readinessParts.hintId}`)
  if (hint) {
    hint.setAttribute(readinessParts.readiness, state)
    // When ready, the first hint stays in place, invisible (see ContactForm.tsx): the line keeps
    // its height and nothing below it moves.
    const shown = state === 'ready' ? 'incomplete' : state
    for (const text of hint.querySelectorAll<HTMLElement>(`[${readinessParts.hintFor}]`)) {
      text.hidden = text.getAttribute(readinessParts.hintFor) !== shown
    }
  }
  return state
}

const live = new WeakSet<HTMLFormElement>()

/**
 * Applies the readiness now and after every event that may change a value. Binding the same
 * form twice is a no-op. Returns a function that stops it.
 */
export function keepReadinessLive(form: HTMLFormElement, win: Window = window): () => void {
  if (live.has(form)) return () => {}
  live.add(form)
  const sync = () => {
    applyReadiness(form)
  }
  // `reset` fires before the fields are emptied.
  const afterReset = () => {
    win.setTimeout(sync, 0)
  }
  for (const type of VALUE_EVENTS) form.addEventListener(type, sync, true)
  form.addEventListener('reset', afterReset)
  // Back/forward navigation restores values without any input event.
  win.addEventListener('pageshow', sync)
  sync()
  return () => {
    live.delete(form)
    for (const type of VALUE_EVENTS) form.removeEventListener(type, sync, true)
    form.removeEventListener('reset', afterReset)
    win.removeEventListener('pageshow', sync)
  }
}
