/**
 * The contact form's fields, in the form's order, their limits and the API's paths. A module of
 * its own, without zod, so client code that only needs these (the check-details page's script,
 * the form's first render) does not download or run the schema.
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

/**
 * How each field is typed and autofilled: by the form, and by the copy of it the API's answer to
 * a refused post without JavaScript carries. Not "off" for the message: that also stops the
 * browser restoring it on Back.
 */
export const contactFieldInputs = {
  firstName: { type: 'text', autoComplete: 'given-name' },
  lastName: { type: 'text', autoComplete: 'family-name' },
  email: { type: 'email', autoComplete: 'email' },
  phone: { type: 'tel', autoComplete: 'tel' },
  company: { type: 'text', autoComplete: 'organization' },
  position: { type: 'text', autoComplete: 'organization-title' },
  message: { type: 'text', autoComplete: 'on' },
} as const satisfies Record<ContactField, { type: 'text' | 'email' | 'tel'; autoComplete: string }>

/** The spec's shortest message: here too, so the form's first script can apply it without zod. */
export const MESSAGE_MIN_LENGTH = 10

/** Upper bounds no honest enquiry reaches; they keep storage and e-mails sane. */
export const maxLengths = {
  firstName: 100,
  lastName: 100,
  email: 254,
  phone: 30,
  company: 150,
  position: 100,
  message: 5000,
} as const

/**
 * The contact API's contract, shared by the Lambda, the local server and the form: where the
 * form posts, where the no-JavaScript post is sent on, and the request rules the handler applies.
 */
export const contactApi = {
  /** `POST` JSON; answers 201 `{ id, createdAt, message }` or a 4xx/503 `{ message, errors? }`. */
  path: '/api/contacts',
  /** `POST` application/x-www-form-urlencoded (the form without JavaScript): 303 or an HTML page. */
  formPath: '/api/contacts/form',
  /** Where a successful no-JavaScript post is redirected. */
  formSentPath: '/contact/sent',
  /** A page explaining every field's rule (the no-JavaScript post now answers its own page). */
  formCheckDetailsPath: '/contact/check-details',
  /** A hidden input only bots fill in: a non-empty value is answered as success and dropped. */
  honeypotField: 'website',
  /** A UUID the form keeps across retries of one submission, so a retry never duplicates it. */
  idempotencyHeader: 'Idempotency-Key',
  /** Bodies larger than this are refused with 413. */
  maxBodyBytes: 16 * 1024,
} as const
