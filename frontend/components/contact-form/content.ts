import {
  type ContactField,
  contactFieldLabels as labels,
  MESSAGE_MIN_LENGTH,
} from '../../../shared/contact-fields.ts'

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
    firstName: {
      label: labels.firstName,
      placeholder: 'Jane',
      type: 'text',
      autoComplete: 'given-name',
    },
    lastName: {
      label: labels.lastName,
      placeholder: 'Smith',
      type: 'text',
      autoComplete: 'family-name',
    },
    email: {
      label: labels.email,
      placeholder: 'jane.smith@company.co.uk',
      type: 'email',
      autoComplete: 'email',
    },
    phone: { label: labels.phone, placeholder: '07700 900123', type: 'tel', autoComplete: 'tel' },
    company: {
      label: labels.company,
      placeholder: 'Your company name',
      type: 'text',
      autoComplete: 'organization',
    },
    position: {
      label: labels.position,
      placeholder: 'e.g. Marketing Manager',
      type: 'text',
      autoComplete: 'organization-title',
    },
    message: {
      label: labels.message,
      placeholder: 'Tell us about your business, your goals and how we can help...',
      type: 'text',
      autoComplete: 'off',
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
    fallbackDescription: 'Please try again later.',
    /** When the request never reached the server (offline, blocked, dropped). */
    network:
      "We couldn't reach our server, so your message was not sent. Please check your internet connection and try again.",
  },
  /** The message beside the button after a send, until the next change to the form. */
  status: {
    success: "Thank you: your enquiry has been received. We'll get back to you within 24 hours.",
    kept: 'Your details are still in the form, so you can send it again.',
    other: 'Or contact us directly:',
  },
} as const
