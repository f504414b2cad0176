import type { FieldErrors } from '../../../shared/contact.ts'
import { type ContactField, contactApi, contactFields } from '../../../shared/contact-fields.ts'
import { notify, preloadToasts } from '../toast/notify.ts'
import { contactFormCopy as copy } from './content.ts'
import { formParts } from './form-parts.ts'
import {
  firstInvalidField,
  newIdempotencyKey,
  type SubmissionKey,
  serverFieldErrors,
  submissionKey,
  visitorMessage,
  withFieldError,
} from './form-state.ts'
import { showFieldMessages, showSending, showStatus } from './form-view.ts'
import { keepReadinessLive, readValues } from './live-state.ts'
import { loadValidation } from './load-validation.ts'
import { sendEnquiry } from './send.ts'

/** Signs the visitor is reaching for Send (a disabled button gets neither focus nor a click). */
const SEND_INTENT_EVENTS = ['pointerenter', 'pointermove', 'pointerdown', 'focus'] as const

/**
 * Takes over the prerendered form (ContactForm.tsx) in place: the messages under each field, the
 * JSON send with its idempotency key, the status beside the button and the toasts. Plain DOM
 * code, a few kilobytes: the form is interactive as soon as this has run, with nothing to
 * hydrate. Zod arrives just after (load-validation.ts), and the toasts' React and Chakra when the
 * visitor reaches for Send (toast/notify.ts). Whatever the visitor typed before this ran stays, and counts
 * as typed in.
 */
export function enhanceContactForm(form: HTMLFormElement): void {
  if (form.hasAttribute(formParts.interactive)) return
  let errors: FieldErrors = {}
  let key: SubmissionKey | undefined
  /** Set at once on submit, so a second press while validation loads cannot send twice. */
  let submitting = false
  /** Fields the visitor has typed in: only these get a message when left. */
  const typedBefore = readValues(form)
  const touched = new Set<ContactField>(contactFields.filter((field) => typedBefore[field] !== ''))

  const setErrors = (next: FieldErrors) => {
    errors = next
    showFieldMessages(form, next)
  }

  /** Checks one field against the schema with the values the DOM holds once it is loaded. */
  const checkField = (field: ContactField) => {
    loadValidation().then(
      ({ validateField }) =>
        setErrors(withFieldError(errors, field, validateField(readValues(form), field))),
      () => {
        // The checks could not load: submit says what is wrong, or the server does.
      },
    )
  }

  const showErrors = (found: FieldErrors) => {
    setErrors(found)
    const first = firstInvalidField(found)
    if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
  }

  const fieldOf = (target: EventTarget | null) =>
    contactFields.find((name) => name === (target as HTMLInputElement | null)?.name)

  // `input` and `change` both: autofill may fire only `change`.
  const onValue = (event: Event) => {
    const field = fieldOf(event.target)
    if (!field) return
    showStatus(form, undefined)
    if (event.type === 'input') touched.add(field)
    // A field already showing a message is re-checked as it is corrected.
    if (errors[field] !== undefined) checkField(field)
  }

  // Tabbing past a field the visitor has not typed in says nothing yet; submit will.
  const onLeave = (event: FocusEvent) => {
    const field = fieldOf(event.target)
    if (field && touched.has(field)) checkField(field)
  }

  const onSubmit = async (event: SubmitEvent) => {
    event.preventDefault()
    if (submitting) return
    submitting = true
    showStatus(form, undefined)
    try {
      const { validate } = await loadValidation()
      const result = validate(readValues(form))
      if (!result.ok) {
        showErrors(result.errors)
        return
      }
      setErrors({})
      key = submissionKey(key, result.data, newIdempotencyKey)
      showSending(form, true)
      // If it is not there yet, the toasts' code loads while the request is out.
      preloadToasts().catch(() => {})
      const honeypot = new FormData(form).get(contactApi.honeypotField)
      await sendEnquiry(result.data, {
        idempotencyKey: key.key,
        honeypot: typeof honeypot === 'string' ? honeypot : '',
      })
      form.reset()
      touched.clear()
      key = undefined
      showStatus(form, { kind: 'success' })
      notify({ type: 'success', ...copy.success })
    } catch (error) {
      const fromServer = serverFieldErrors(error)
      if (firstInvalidField(fromServer)) showErrors(fromServer)
      const message = visitorMessage(error)
      const detail = error instanceof Error ? error.message : String(error)
      showStatus(form, { kind: 'failure', message, detail })
      notify({ type: 'error', title: copy.failure.title, description: message })
    } finally {
      submitting = false
      showSending(form, false)
    }
  }

  keepReadinessLive(form)
  // The pointer or focus reaching Send once it works is the sign a toast is coming: its code
  // loads while the visitor clicks, not while they type (a pointer resting on a disabled Send
  // while the fields are filled is no such sign).
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')
  const onReachSend = () => {
    if (button?.disabled) return
    for (const type of SEND_INTENT_EVENTS) button?.removeEventListener(type, onReachSend)
    preloadToasts().catch(() => {
      // Retried when a send starts.
    })
  }
  for (const type of SEND_INTENT_EVENTS) button?.addEventListener(type, onReachSend)
  form.addEventListener('input', onValue)
  form.addEventListener('change', onValue)
  form.addEventListener('focusout', onLeave)
  form.addEventListener('submit', onSubmit)
  // From here the messages under the fields replace the browser's own bubbles.
  form.noValidate = true
  form.setAttribute(formParts.interactive, '')
  // Zod and the schema are not needed to show the form or type in it: they arrive now, before
  // the visitor has finished a field.
  window.setTimeout(() => {
    loadValidation().catch(() => {
      // Retried when a field is left or the form is sent.
    })
  }, 0)
}
