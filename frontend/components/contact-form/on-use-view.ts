import type { FieldErrors } from '#shared/contact.ts'
import { type ContactField, contactFields } from '#shared/contact-fields.ts'
import { contactFormCopy as copy } from './content.ts'
import { errorId, type FormStatus, fieldId, formParts } from './markup.ts'
import { applyReadiness, readinessParts } from './on-load-readiness.ts'

/**
 * What the form shows once its code has taken over, written straight into its prerendered
 * markup (ContactForm.tsx) by the names in markup.ts. Every state's styles are already on the
 * page, keyed on attributes of ours or ARIA's: the invalid look on `aria-invalid="true"`, which
 * this sets (never on Chakra's or Ark's internal `data-*` attributes).
 */

function control(form: HTMLFormElement, field: ContactField): HTMLElement | null {
  return form.querySelector<HTMLElement>(`[name="${field}"]`)
}

/** Shows one field's message under it (or clears it), tied to the field for screen readers. */
export function showFieldMessage(
  form: HTMLFormElement,
  field: ContactField,
  message: string | undefined,
): void {
  const input = control(form, field)
  const text = form.querySelector<HTMLElement>(`#${errorId(field)}`)
  if (!input || !text) return
  const invalid = message !== undefined
  if (invalid) {
    input.setAttribute('aria-invalid', 'true')
    input.setAttribute('aria-describedby', errorId(field))
  } else {
    input.removeAttribute('aria-invalid')
    input.removeAttribute('aria-describedby')
  }
  text.textContent = message ?? ''
  text.hidden = !invalid
}

/** Shows exactly these messages: every other field's message goes. */
export function showFieldMessages(form: HTMLFormElement, errors: FieldErrors): void {
  for (const field of contactFields) showFieldMessage(form, field, errors[field])
}

/**
 * Puts the outcome of the last send beside the button, or clears it, and returns the element
 * that shows it (for focus to move there).
 */
export function showStatus(
  form: HTMLFormElement,
  status: FormStatus | undefined,
): HTMLElement | undefined {
  const box = form.querySelector<HTMLElement>(`#${formParts.statusId}`)
  form.querySelector(`#${readinessParts.hintId}`)?.toggleAttribute(formParts.afterSend, !!status)
  if (!box) return undefined
  if (!status) {
    box.replaceChildren()
    box.removeAttribute(formParts.status)
    return box
  }
  const template = form.querySelector(
    `[${formParts.statusTemplates}] [${formParts.statusTemplate}="${status.kind}"]`,
  )
  const message = template?.cloneNode(true) as HTMLElement | undefined
  if (!message) return undefined
  message.removeAttribute(formParts.statusTemplate)
  if (status.kind === 'failure') {
    const reason = message.querySelector(`[${formParts.failureMessage}]`)
    if (reason) reason.textContent = status.message
    const links = message.querySelector<HTMLElement>(`[${formParts.fieldLinks}]`)
    if (links) {
      const fields = contactFields.filter((field) => status.fields[field] !== undefined)
      links.replaceChildren(...fields.map((field) => fieldLink(field, status.fields[field] ?? '')))
      links.hidden = fields.length === 0
    }
  }
  box.setAttribute(formParts.status, status.kind)
  box.replaceChildren(message)
  return box
}

function fieldLink(field: ContactField, text: string): HTMLElement {
  const item = document.createElement('li')
  const link = document.createElement('a')
  link.href = `#${fieldId(field)}`
  link.textContent = text
  item.append(link)
  return item
}

/** 'Sending...' with a spinner in the button, and the button disabled, while a send is out. */
export function showSending(form: HTMLFormElement, sending: boolean): void {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')
  if (sending) form.setAttribute(readinessParts.busy, 'true')
  else form.removeAttribute(readinessParts.busy)
  if (button) {
    button.replaceChildren(...(sending ? [...sendingSpinner(form), copy.sending] : [copy.submit]))
  }
  applyReadiness(form)
}

/** A shown copy of the prerendered spinner, for the button (none if the page lacks it). */
function sendingSpinner(form: HTMLFormElement): HTMLElement[] {
  const spinner = form.querySelector<HTMLElement>(`[${formParts.spinner}]`)?.cloneNode(true)
  if (!(spinner instanceof HTMLElement)) return []
  spinner.hidden = false
  spinner.removeAttribute(formParts.spinner)
  return [spinner]
}
