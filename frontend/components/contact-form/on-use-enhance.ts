import type { FieldErrors } from '#shared/contact.ts'
import { type ContactField, contactApi, contactFields } from '#shared/contact-fields.ts'
import { createToaster } from '../toast/toaster.ts'
import { contactFormCopy as copy, fieldsToFix } from './content.ts'
import { clearDraft } from './draft-storage.ts'
import { type FormStatus, formParts } from './markup.ts'
import { keepReadinessLive, readValues } from './on-load-readiness.ts'
import { sendEnquiry } from './on-send-request.ts'
import { revealAndFocus } from './on-send-reveal.ts'
import { loadValidation } from './on-use-validation.ts'
import { showFieldMessages, showSending, showStatus } from './on-use-view.ts'
import {
  failureReason,
  firstInvalidField,
  newIdempotencyKey,
  type SubmissionKey,
  serverFieldErrors,
  submissionKey,
  withFieldError,
} from './rules.ts'
import { keepSendKey, readSendKey } from './send-key.ts'

/**
 * Takes over the prerendered form (ContactForm.tsx) in place: the messages under each field, the
 * JSON send with its idempotency key and time limit, the status beside the button (where focus
 * then moves) and the toasts. Plain DOM code, a few kilobytes: the form is interactive as soon as
 * this has run, with nothing to hydrate. Zod arrives just after (on-use-validation.ts). Whatever
 * the visitor typed before this ran stays, and counts as typed in.
 */
export function enhanceContactForm(form: HTMLFormElement): void {
  if (form.hasAttribute(formParts.interactive)) return
  let errors: FieldErrors = {}
  // The key this draft was last sent with, on this page or an earlier one of the tab.
  let key: SubmissionKey | undefined = readSendKey()
  const showToast = createToaster()
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
    let outcome: FormStatus
    try {
      const { validate } = await loadValidation()
      const result = validate(readValues(form))
      if (!result.ok) {
        showErrors(result.errors)
        return
      }
      setErrors({})
      key = submissionKey(key, result.data, newIdempotencyKey)
      keepSendKey(key)
      showSending(form, true)
      const honeypot = new FormData(form).get(contactApi.honeypotField)
      await sendEnquiry(result.data, {
        idempotencyKey: key.key,
        honeypot: typeof honeypot === 'string' ? honeypot : '',
      })
      form.reset()
      clearDraft()
      touched.clear()
      key = undefined
      outcome = { kind: 'success' }
    } catch (error) {
      // The request helper's `<status>: <body>` (spec §8), for whoever looks into a reported
      // problem; the visitor reads words chosen by the status.
      console.warn('The enquiry was not sent:', error instanceof Error ? error.message : error)
      const fields = serverFieldErrors(error)
      setErrors(fields)
      const reason = failureReason(error)
      const message =
        reason === 'fields'
          ? fieldsToFix(
              contactFields.filter((f) => fields[f] !== undefined).map((f) => copy.fields[f].label),
            )
          : copy.failure.reasons[reason]
      outcome = { kind: 'failure', message, fields }
    } finally {
      submitting = false
      showSending(form, false)
    }
    showToast?.(
      outcome.kind === 'success'
        ? { type: 'success', ...copy.success }
        : { type: 'error', title: copy.failure.title, description: outcome.message },
    )
    const shown = showStatus(form, outcome)
    if (shown) revealAndFocus(shown)
  }

  // A link in the failure message to a field the API found wrong takes focus there.
  const onStatusClick = (event: MouseEvent) => {
    const link = (event.target as Element | null)?.closest?.(`[${formParts.fieldLinks}] a`)
    const field = link && form.querySelector<HTMLElement>(link.getAttribute('href') ?? '')
    if (!field) return
    event.preventDefault()
    field.focus()
  }

  keepReadinessLive(form)
  form
    .querySelector<HTMLElement>(`#${formParts.statusId}`)
    ?.addEventListener('click', onStatusClick)
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
