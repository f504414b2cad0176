import * as z from 'zod/mini'
import type { $ZodError } from 'zod/v4/core'
import {
  type ContactField,
  contactApi,
  contactFields,
  MESSAGE_MIN_LENGTH,
  maxLengths,
} from './contact-fields.ts'

/** The spec's business constants for enquiries, stated once for the form, the API and the table. */
export { MESSAGE_MIN_LENGTH }
export const RETENTION_YEARS = 3

// The field names, limits and API paths live in a zod-free module for client code that needs
// only them (the form renders without loading zod; it validates with it later).
export { type ContactField, contactApi, contactFields, maxLengths }

/** The spec's messages, quoted exactly. */
export const contactMessages = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  email: 'Please enter a valid email address',
  phone: 'Phone number is required',
  company: 'Company name is required',
  position: 'Position is required',
  message: `Message must be at least ${MESSAGE_MIN_LENGTH} characters long`,
} as const satisfies Record<ContactField, string>

const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`

const requiredText = (field: Exclude<ContactField, 'email' | 'message'>, label: string) =>
  z
    .string({ error: contactMessages[field] })
    .check(
      z.trim(),
      z.minLength(1, contactMessages[field]),
      z.maxLength(maxLengths[field], tooLong(label, maxLengths[field])),
    )

/**
 * The enquiry a visitor submits (zod's mini API, whose schemas are plain data: a tenth of the
 * classic API's start-up, paid by the contact function's cold start and the form's first
 * check; docs/decisions/0006-lambda-bundle.md). Values are trimmed; unknown keys are dropped (zod's default for
 * objects), so nothing the schema does not name can reach storage or the agency's inbox.
 */
export const contactSchema = z.object({
  firstName: requiredText('firstName', 'First name'),
  lastName: requiredText('lastName', 'Last name'),
  email: z.pipe(
    z
      .string({ error: contactMessages.email })
      .check(z.trim(), z.maxLength(maxLengths.email, tooLong('Email', maxLengths.email))),
    z.email(contactMessages.email),
  ),
  phone: requiredText('phone', 'Phone number'),
  company: requiredText('company', 'Company name'),
  position: requiredText('position', 'Position'),
  message: z
    .string({ error: contactMessages.message })
    .check(
      z.trim(),
      z.minLength(MESSAGE_MIN_LENGTH, contactMessages.message),
      z.maxLength(maxLengths.message, tooLong('Message', maxLengths.message)),
    ),
})

export type ContactSubmission = z.infer<typeof contactSchema>

export type FieldErrors = Partial<Record<ContactField, string>>

/** The first message for each invalid field, keyed by field: what the form shows under each input. */
export function fieldErrors(error: $ZodError): FieldErrors {
  const errors: FieldErrors = {}
  for (const issue of error.issues) {
    const field = issue.path[0]
    if (typeof field === 'string' && (contactFields as readonly string[]).includes(field)) {
      errors[field as ContactField] ??= issue.message
    }
  }
  return errors
}
