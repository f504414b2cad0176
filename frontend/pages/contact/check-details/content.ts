import { site } from '#frontend/build-identity.ts'
import { contactFormCopy } from '#frontend/components/contact-form/content.ts'
import {
  type ContactField,
  contactFields,
  contactMessages,
  MESSAGE_MIN_LENGTH,
  maxLengths,
} from '#shared/contact.ts'

export const meta = {
  title: `Check Your Details | ${site.name}`,
  description:
    'Some details in your message were missing or invalid. Check them and send it again.',
  keywords: ['contact', 'check your details'],
}

/** What each field needs, in words, from the same constants the schema uses. */
function ruleFor(field: ContactField): string {
  const upTo = `up to ${maxLengths[field]} characters`
  switch (field) {
    case 'email':
      return `A valid e-mail address, such as ${contactFormCopy.fields.email.placeholder} (${upTo}).`
    case 'message':
      return `At least ${MESSAGE_MIN_LENGTH} characters, ${upTo}.`
    default:
      return `Required, ${upTo}.`
  }
}

export const checkDetails = {
  heading: 'Please check your details',
  intro:
    "We couldn't send your message because some details were missing or not in the right form. Nothing has been sent or stored yet.",
  /** Filled in by the page's script when the address names the fields to fix. */
  flaggedIntro: 'Please check:',
  flagNote: 'Check this field',
  rulesHeading: 'What each field needs',
  fields: contactFields.map((field) => ({
    field,
    label: contactFormCopy.fields[field].label,
    rule: ruleFor(field),
    message: contactMessages[field],
  })),
  back: {
    text: "Use your browser's Back button to return to your message (your answers are usually still there), or open the form again.",
    link: { label: 'Back to the contact form', href: '/contact#contact-form' },
  },
} as const
