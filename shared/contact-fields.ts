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
