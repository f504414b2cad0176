import {
  type ContactField,
  contactFieldInputs as inputs,
  contactFieldLabels as labels,
  MESSAGE_MIN_LENGTH,
} from '#shared/contact-fields.ts'

export interface FieldCopy {
  readonly label: string
  readonly placeholder: string
  readonly type: 'text' | 'email' | 'tel'
  readonly autoComplete: string
}

/** The form's words (spec §2 Contact, §4 Contact form, §8), quoted exactly where the spec gives them. */
export const contactFormCopy = {
  heading: 'Send Us a Message',
  requiredNote: '* All fields are required.',
  fields: {
    firstName: { label: labels.firstName, placeholder: 'Jane', ...inputs.firstName },
    lastName: { label: labels.lastName, placeholder: 'Smith', ...inputs.lastName },
    email: { label: labels.email, placeholder: 'jane.smith@company.co.uk', ...inputs.email },
    phone: { label: labels.phone, placeholder: '07700 900123', ...inputs.phone },
    company: { label: labels.company, placeholder: 'Your company name', ...inputs.company },
    position: { label: labels.position, placeholder: 'e.g. Marketing Manager', ...inputs.position },
    message: {
      label: labels.message,
      placeholder: 'Tell us about your business, your goals and how we can help...',
      ...inputs.message,
    },
  } satisfies Record<ContactField, FieldCopy>,
  submit: 'Send Message',
  sending: 'Sending...',
  /** Beside the button while it is disabled, saying what is missing. */
  hints: {
    incomplete: 'Please fill in all required fields to send your message.',
    'short-message': `Your message needs at least ${MESSAGE_MIN_LENGTH} characters to send.`,
  },
  /** For bots only: the field is off-screen and hidden from assistive technology. */
  honeypotLabel: 'Leave this field empty',
  success: {
    title: 'Message sent successfully!',
    description: "We'll get back to you within 24 hours.",
  },
  failure: {
    title: 'Failed to send message',
    /**
     * What the visitor reads for each way a send can fail, in the toast and beside the button.
     * Chosen from the answer's status (failureReason in rules.ts), never its text: a
     * gateway in front of the API answers its own errors in its own words ("Service
     * Unavailable").
     */
    reasons: {
      /**
       * A 400 whose fields the API named: the messages show under them, and `fieldsToFix` names
       * them after these words (a toast or a status line cannot know which fields are in view).
       */
      fields: 'Some details need checking',
      /** Any other refusal of the request itself (400, 415, 422). */
      refused:
        "We couldn't accept your message as it was sent. Please reload the page and send it again.",
      tooLarge: 'Your message is too long to send. Please shorten it and send it again.',
      rateLimited:
        "We've received several messages from your connection in a short time. Please wait a minute, then send yours again.",
      unavailable:
        "Our server couldn't take your message just now. Please try again in a few minutes.",
      /**
       * No answer in time (ours or the gateway's), or the API's own 504 (its table answered
       * neither the write nor a read of it): it may have arrived, and a resend is safe: the
       * same draft goes again with the same key, from a fresh page too (send-key.ts).
       */
      timedOut:
        "Our server took too long to answer, so we can't be sure your message arrived. Please send it again: we will only receive it once.",
      /** The request never reached the server (offline, blocked, dropped). */
      network:
        "We couldn't reach our server, so your message was not sent. Please check your internet connection and try again.",
      /** The spec's fallback, for anything else. */
      unknown: 'Please try again later.',
    },
  },
  /** The message beside the button after a send, until the next change to the form. */
  status: {
    success: "Thank you: your enquiry has been received. We'll get back to you within 24 hours.",
    /** After every failure's own words, each of which already says to send again once. */
    kept: 'Your details are still in the form.',
    other: 'Or contact us directly:',
  },
} as const

/** A 400's words, naming the fields to correct by their labels, in the form's order. */
export function fieldsToFix(labels: readonly string[]): string {
  const names =
    labels.length > 1 ? `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}` : labels.join('')
  const them = labels.length > 1 ? 'them' : 'it'
  return `${contactFormCopy.failure.reasons.fields}: ${names}. Please correct ${them}, then send again.`
}
