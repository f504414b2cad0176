import type { FieldErrors } from '#shared/contact.ts'
import type { ContactField } from '#shared/contact-fields.ts'
import type { contactFormCopy } from './content.ts'

/**
 * The states the contact form can show, and the ids and attributes that mark them: the one place
 * both the prerendered form (ContactForm.tsx, at build time) and its browser code (on-use-*)
 * read, so the two cannot drift apart. ContactForm.tsx prerenders every state's part, hidden,
 * with the words of content.ts; the browser code only switches between those parts by the names
 * below and never repeats the words (the button's label and the toasts aside). The hint's parts,
 * which the page's first script sets, are `readinessParts` in on-load-readiness.ts: a module
 * shared with that script would travel in it whole.
 */

/**
 * Before a send: what stands between the visitor and sending. Every state but 'ready' has a
 * hint beside the button (content.ts `hints`, prerendered hidden); 'ready' enables the button.
 */
export type Readiness = keyof typeof contactFormCopy.hints | 'ready'

/** After a send: the message beside the button, copied from the template of its kind. */
export type FormStatus =
  | { readonly kind: 'success' }
  | {
      readonly kind: 'failure'
      readonly message: string
      /** Fields the API found wrong: linked from the message, so focus can go straight there. */
      readonly fields: FieldErrors
    }

/** What the form's code, loaded on first use, reads and writes. */
export const formParts = {
  /** Set on the form once its client code is in charge (the bench and the tests wait for it). */
  interactive: 'data-interactive',
  /** On the hint while the status of a send shows (it would speak of the emptied form). */
  afterSend: 'data-after-send',
  /** The spinner that moves into the Send button while a send is in progress. */
  spinner: 'data-sending-spinner',
  /** Where the status of the last send shows, beside the button; holds its kind once shown. */
  statusId: 'contact-form-status',
  status: 'data-status',
  /** The hidden container of the status messages, one per `FormStatus` kind. */
  statusTemplates: 'data-status-templates',
  /** On each status message in that container: its `FormStatus` kind. */
  statusTemplate: 'data-template',
  /** In the failure message: where the plain-English reason goes. */
  failureMessage: 'data-failure-message',
  /** In the failure message: a list of links to the fields the API found wrong. */
  fieldLinks: 'data-field-links',
} as const

/** The field's control (what a label and a link to the field point at). */
export const fieldId = (field: ContactField) => `contact-${field}`
/** The field's message, hidden until the field is invalid; the control is described by it. */
export const errorId = (field: ContactField) => `contact-${field}-error`
