/**
 * The contact form's fields, in the form's order. A module of its own, without zod, so client code
 * that only needs the names (the check-details page's script) does not download the schema.
 */
export const contactFields = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'company',
  'position',
  'message',
] as const
export type ContactField = (typeof contactFields)[number]

/** Each field's label, as the form shows it. */
export const contactFieldLabels = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  phone: 'Phone',
  company: 'Company',
  position: 'Position',
  message: 'Message',
} as const satisfies Record<ContactField, string>

/** The spec's shortest message: here too, so the form's first script can apply it without zod. */
export const MESSAGE_MIN_LENGTH = 10
