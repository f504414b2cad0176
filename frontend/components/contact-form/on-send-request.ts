import { analyticsEvents } from '#frontend/analytics/events.ts'
import { track } from '#frontend/analytics/track.ts'
import {
  type ContactCreated,
  type SubmitContactOptions,
  submitContact,
} from '#frontend/api/contacts.ts'
import type { ContactSubmission } from '#shared/contact.ts'
import { SendTimedOut } from './rules.ts'

/**
 * How long the form waits for the API's answer before it tells the visitor and gives the button
 * back. The API's own budget is 8 s; this leaves room for a cold start and a slow connection.
 * The request may still arrive after it: a second press sends the same idempotency key, so the
 * API stores the enquiry once whichever copy reaches it first.
 */
export const SEND_TIME_LIMIT_MS = 15_000

export interface SendDependencies {
  readonly track: typeof track
  readonly submitContact: typeof submitContact
}

/**
 * Records contact_form_submit (spec §4: before the call), then sends the enquiry, giving up with
 * `SendTimedOut` after `SEND_TIME_LIMIT_MS`.
 */
export async function sendEnquiry(
  submission: ContactSubmission,
  options: Omit<SubmitContactOptions, 'signal'>,
  deps: SendDependencies = { track, submitContact },
): Promise<ContactCreated> {
  deps.track(analyticsEvents.contactFormSubmit)
  const controller = new AbortController()
  // Aborted with this reason, fetch rejects with it, so the form can tell it from a network error.
  // A page timer, not AbortSignal.timeout(): the tests' fake clocks drive it.
  const timer = setTimeout(
    () => controller.abort(new SendTimedOut(SEND_TIME_LIMIT_MS)),
    SEND_TIME_LIMIT_MS,
  )
  try {
    return await deps.submitContact(submission, { ...options, signal: controller.signal })
  } finally {
    clearTimeout(timer)
  }
}
