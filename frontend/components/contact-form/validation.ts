import {
  type ContactField,
  type ContactSubmission,
  contactSchema,
  type FieldErrors,
  fieldErrors,
} from '#shared/contact.ts'
import type { ContactValues } from './on-load-readiness.ts'

/**
 * The shared schema's checks for the form. Zod and the schema are the one part of the form that
 * is not needed to show it or to type in it, so the form loads this module after it is
 * interactive (on-use-validation.ts), never on the way there.
 */

export type Validation =
  | { readonly ok: true; readonly data: ContactSubmission }
  | { readonly ok: false; readonly errors: FieldErrors }

/** The shared schema's verdict: the trimmed enquiry, or each invalid field's message. */
export function validate(values: ContactValues): Validation {
  const result = contactSchema.safeParse(values)
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, errors: fieldErrors(result.error) }
}

/** One field's message (or undefined), for checking a field as the visitor leaves it. */
export function validateField(values: ContactValues, field: ContactField): string | undefined {
  const result = validate(values)
  return result.ok ? undefined : result.errors[field]
}
