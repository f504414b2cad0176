import type { ContactField } from '../../../shared/contact.ts'

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
      label: 'First Name',
      placeholder: 'Jane',
      type: 'text',
      autoComplete: 'given-name',
    },
    lastName: {
      label: 'Last Name',
      placeholder: 'Smith',
      type: 'text',
      autoComplete: 'family-name',
    },
    email: {
      label: 'Email',
      placeholder: 'jane.smith@company.co.uk',
      type: 'email',
      autoComplete: 'email',
    },
    phone: { label: 'Phone', placeholder: '07700 900123', type: 'tel', autoComplete: 'tel' },
    company: {
      label: 'Company',
      placeholder: 'Your company name',
      type: 'text',
      autoComplete: 'organization',
    },
    position: {
      label: 'Position',
      placeholder: 'e.g. Marketing Manager',
      type: 'text',
      autoComplete: 'organization-title',
    },
    message: {
      label: 'Message',
      placeholder: 'Tell us about your business, your goals and how we can help...',
      type: 'text',
      autoComplete: 'off',
    },
  } satisfies Record<ContactField, FieldCopy>,
  submit: 'Send Message',
  sending: 'Sending...',
  incompleteHint: 'Please fill in all required fields to send your message.',
  /** For bots only: the field is off-screen and hidden from assistive technology. */
  honeypotLabel: 'Leave this field empty',
  success: {
    title: 'Message sent successfully!',
    description: "We'll get back to you within 24 hours.",
  },
  failure: {
    title: 'Failed to send message',
    fallbackDescription: 'Please try again later.',
  },
} as const
