import { contactFields } from '#shared/contact-fields.ts'
import { DRAFT_KEY, sessionStore as session } from './draft-storage.ts'
import { type ContactValues, readValues } from './on-load-readiness.ts'

/**
 * What the visitor has typed into the contact form, kept in this tab's session storage until it
 * is sent: it survives following a link and coming Back (with or without the browser's
 * back/forward cache), a reload and a failed send, and it is gone once the message is sent or
 * the tab is closed. It never leaves the visitor's device except in the enquiry itself: storage
 * strictly necessary for the service they asked for (the privacy policy says so), not a cookie.
 */
/** The stored draft's values, ignoring anything that is not a string for a known field. */
export function readDraft(storage = session()): Partial<ContactValues> {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(DRAFT_KEY) ?? '{}')
    const draft: Partial<ContactValues> = {}
    for (const field of contactFields) {
      const value = (parsed as Record<string, unknown> | null)?.[field]
      if (typeof value === 'string' && value !== '') draft[field] = value
    }
    return draft
  } catch {
    return {}
  }
}

export function saveDraft(values: ContactValues, storage = session()): void {
  try {
    if (contactFields.some((field) => values[field] !== '')) {
      storage?.setItem(DRAFT_KEY, JSON.stringify(values))
    } else {
      storage?.removeItem(DRAFT_KEY)
    }
  } catch {
    // Full or refused: the form still works, only Back may come to an empty field.
  }
}

/**
 * Fills the form's empty fields from the draft (a field the browser restored itself, or the
 * visitor typed in before this ran, keeps its value), then keeps the draft in step with every
 * change and as the page is left.
 */
export function keepDraft(form: HTMLFormElement, win: Window = window): void {
  const draft = readDraft()
  for (const field of contactFields) {
    const control = form.elements.namedItem(field)
    const value = draft[field]
    if (value && control instanceof HTMLElement && 'value' in control && control.value === '') {
      control.value = value
    }
  }
  const save = () => saveDraft(readValues(form))
  form.addEventListener('input', save)
  form.addEventListener('change', save)
  // Values the browser filled in without an event, and a native post about to leave the page.
  win.addEventListener('pagehide', save)
}
