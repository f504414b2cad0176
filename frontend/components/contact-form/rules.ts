import { HttpError } from '#frontend/api/request.ts'
import type { ContactSubmission, FieldErrors } from '#shared/contact.ts'
import { type ContactField, contactFields } from '#shared/contact-fields.ts'
import type { contactFormCopy } from './content.ts'
import type { ContactValues } from './on-load-readiness.ts'

/**
 * The contact form's rules as plain functions (spec §4 Contact form, §5, §8), so they are tested
 * without a browser and on-use-enhance.ts only wires them to events. Without zod: the form becomes
 * interactive with these; the schema's checks are in validation.ts, loaded after.
 */

export type { ContactValues }

export const emptyValues: ContactValues = Object.fromEntries(
  contactFields.map((field) => [field, '']),
) as ContactValues

/** Sets or clears one field's message, leaving the others alone. */
export function withFieldError(
  errors: FieldErrors,
  field: ContactField,
  message: string | undefined,
): FieldErrors {
  if (errors[field] === message) return errors
  const next = { ...errors }
  if (message === undefined) delete next[field]
  else next[field] = message
  return next
}

/** The first invalid field in the form's order: where focus goes after a failed submit. */
export function firstInvalidField(errors: FieldErrors): ContactField | undefined {
  return contactFields.find((field) => errors[field] !== undefined)
}

export interface SubmissionKey {
  readonly fingerprint: string
  readonly key: string
}

/**
 * The idempotency key for sending `values`: the previous one when the visitor retries the same
 * enquiry (so a send whose answer was lost is not stored twice), a fresh one when it changed.
 */
export function submissionKey(
  previous: SubmissionKey | undefined,
  values: ContactSubmission,
  newKey: () => string,
): SubmissionKey {
  const fingerprint = JSON.stringify(contactFields.map((field) => values[field]))
  return previous?.fingerprint === fingerprint ? previous : { fingerprint, key: newKey() }
}

export type FailureReason = keyof typeof contactFormCopy.failure.reasons

/**
 * Why a send failed, as one of the reasons the form has words for. Decided by the answer's
 * status alone: the body of a non-OK answer may be a gateway's own ("Service Unavailable",
 * "Endpoint request timed out"), which is not for visitors. The request helper's `<status>: <body>`
 * stays the error's `message`, for the console.
 */
export function failureReason(error: unknown): FailureReason {
  if (error instanceof SendTimedOut) return 'timedOut'
  if (error instanceof HttpError) {
    const { status } = error
    if (status === 400 && firstInvalidField(serverFieldErrors(error))) return 'fields'
    if (status === 413) return 'tooLarge'
    if (status === 429) return 'rateLimited'
    if (status === 408 || status === 504) return 'timedOut'
    return status < 500 ? 'refused' : 'unavailable'
  }
  // fetch rejects with a TypeError when the request could not be made or was cut off.
  if (error instanceof TypeError) return 'network'
  return 'unknown'
}

/** A send the form gave up waiting for (on-send-request.ts): the request may still reach the API. */
export class SendTimedOut extends Error {
  constructor(afterMs: number) {
    super(`No answer within ${afterMs} ms`)
    this.name = 'SendTimedOut'
  }
}

/**
 * Per-field messages from a 400 answer (`{ message, errors: { field: msg } }`), so the server's
 * verdict shows under the fields just as the form's own does. Anything else gives none.
 */
export function serverFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof HttpError) || error.status !== 400) return {}
  try {
    const parsed: unknown = JSON.parse(error.body)
    const errors = (parsed as { errors?: unknown } | null)?.errors
    if (!errors || typeof errors !== 'object') return {}
    const result: FieldErrors = {}
    for (const field of contactFields) {
      const message = (errors as Record<string, unknown>)[field]
      if (typeof message === 'string' && message) result[field] = message
    }
    return result
  } catch {
    return {}
  }
}

/** A UUID for the idempotency header; `crypto.randomUUID` needs a secure context, so fall back. */
export function newIdempotencyKey(cryptoApi: Crypto = globalThis.crypto): string {
  if (typeof cryptoApi.randomUUID === 'function') return cryptoApi.randomUUID()
  const bytes = cryptoApi.getRandomValues(new Uint8Array(16))
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
