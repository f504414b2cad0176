import type { ContactSubmission } from '#shared/contact.ts'
import { contactApi } from '#shared/contact-fields.ts'
import { apiRequest, type RequestOptions } from './request.ts'

/** What `POST /api/contacts` answers with 201. */
export interface ContactCreated {
  readonly id: string
  readonly createdAt: string
  readonly message?: string
}

export interface SubmitContactOptions extends Pick<RequestOptions, 'fetch' | 'signal'> {
  /** The same key for every retry of one submission, so the API stores it once. */
  readonly idempotencyKey: string
  /** The honeypot's value: empty for people; whatever a bot typed otherwise. */
  readonly honeypot: string
}

/** Sends one enquiry; rejects with the request helper's error on any non-OK answer. */
export async function submitContact(
  submission: ContactSubmission,
  { idempotencyKey, honeypot, ...options }: SubmitContactOptions,
): Promise<ContactCreated> {
  const response = await apiRequest(
    'POST',
    contactApi.path,
    { ...submission, [contactApi.honeypotField]: honeypot },
    { ...options, headers: { [contactApi.idempotencyHeader]: idempotencyKey } },
  )
  return (await response.json()) as ContactCreated
}
