import type { Metrics } from '@aws-lambda-powertools/metrics'
import { contactSchema, type FieldErrors, fieldErrors } from '#shared/contact.ts'
import { startDeadline } from '../deadline.ts'
import {
  buildEnquiry,
  enquiryIdFor,
  noSpamSignals,
  wellFormedSubmission,
} from '../enquiries/item.ts'
import type { EnquiryStore } from '../enquiries/store.ts'
import { errorName, type Logger } from '../log.ts'
import { countEnquiry } from '../metrics.ts'
import { spamVerdict } from '../spam/verdict.ts'
import { honeypotFilled } from './request.ts'

export type SubmitOutcome =
  | { readonly kind: 'accepted'; readonly id: string; readonly createdAt: string }
  | { readonly kind: 'invalid'; readonly errors: FieldErrors }
  | { readonly kind: 'key-reused' }
  | { readonly kind: 'unavailable' }

export interface SubmitDependencies {
  readonly store: Pick<EnquiryStore, 'create' | 'get'>
  readonly log: Logger
  readonly now: () => Date
  /** @default none recorded */
  readonly metrics?: Metrics | undefined
}

export interface Submission {
  /** The parsed body: a JSON value or the form's fields. */
  readonly payload: unknown
  readonly idempotencyKey?: string | undefined
  /** The canary's own enquiry: its signed marker verified (functions/enquiries/synthetic.ts). */
  readonly synthetic?: boolean
}

/**
 * The contact function answers within this budget whatever DynamoDB does: well inside its Lambda
 * timeout (10 s) and API Gateway's 30 s, so a visitor is told the truth, never a gateway error.
 * The visitor's wait is one write (and a read when an idempotency key repeats): storage must be
 * over by `STORED_BY_MS`, else 503 with Retry-After, nothing kept. Every call runs under that
 * signal: an SDK timeout alone does not end an answer that drips. A stored enquiry is never
 * answered with a failure, except when a write that was cut off lands after all: the visitor sees
 * 503, and the idempotency key makes their resubmission answer 201 with the same enquiry, not a
 * second one. The e-mail is the sender's, which the table's write starts (functions/enquiry-sender/).
 */
export const CONTACT_BUDGET_MS = 8_000
export const STORED_BY_MS = 5_000

/**
 * The contact pipeline: validate, decide the verdict from the enquiry itself, store it (safe from
 * here on, its e-mail owed unless held) and answer. Only a failed store fails the submission.
 */
export async function submitEnquiry(
  deps: SubmitDependencies,
  { payload, idempotencyKey, synthetic = false }: Submission,
): Promise<SubmitOutcome> {
  const deadline = startDeadline()
  const id = enquiryIdFor(idempotencyKey)
  const bot = honeypotFilled(payload)
  countEnquiry(deps.metrics, 'EnquirySubmitted')
  const parsed = contactSchema.safeParse(isObject(payload) ? payload : {})
  if (!parsed.success) {
    if (bot) {
      // Looks like success to the bot; an invalid post has nothing worth keeping, so there is
      // no enquiry id to log.
      deps.log({ level: 'info', event: 'enquiry_honeypot_dropped' })
      return { kind: 'accepted', id, createdAt: deps.now().toISOString() }
    }
    deps.log({ level: 'info', event: 'enquiry_invalid' })
    return { kind: 'invalid', errors: fieldErrors(parsed.error) }
  }

  const submission = wellFormedSubmission(parsed.data)
  const createdAt = deps.now()
  // A filled honeypot makes the verdict certain: stored and listed for a person, never dropped,
  // in case a person's browser filled it in. Repeats of the message are the sender's to count.
  // The canary's enquiry is the same every hour: no verdict, so it is never held back.
  const verdict = synthetic ? noSpamSignals : spamVerdict({ ...submission, honeypotFilled: bot })
  const enquiry = buildEnquiry(submission, id, createdAt, verdict, { synthetic })
  let created: boolean
  try {
    const stored = deadline.by(STORED_BY_MS)
    created = await deps.store.create(enquiry, stored)
    if (!created) {
      const existing = await deps.store.get(id, stored)
      if (!existing) throw new Error('Enquiry vanished after a conflicting write')
      if (existing.submissionHash !== enquiry.submissionHash) {
        deps.log({
          level: 'warn',
          event: 'enquiry_idempotency_key_reused',
          enquiryId: id,
        })
        return { kind: 'key-reused' }
      }
      // A retry of a submission already stored: same answer, no second enquiry, no second
      // e-mail (its first write started the sender; the retry function is the safety net).
      deps.log({ level: 'info', event: 'enquiry_retry_deduplicated', enquiryId: id })
      return { kind: 'accepted', id: existing.id, createdAt: existing.createdAt }
    }
  } catch (error) {
    deps.log({
      level: 'error',
      event: 'enquiry_store_failed',
      enquiryId: id,
      errorName: errorName(error),
    })
    return { kind: 'unavailable' }
  }
  deps.log({ level: 'info', event: 'enquiry_stored', enquiryId: id })
  countEnquiry(deps.metrics, 'EnquiryStored')

  // The visitor's answer is the same whatever the verdict: a spammer learns nothing from it.
  if (verdict.level === 'certain') {
    deps.log({ level: 'info', event: 'enquiry_held_as_spam', enquiryId: id })
    return { kind: 'accepted', id: enquiry.id, createdAt: enquiry.createdAt }
  }
  if (verdict.level === 'likely') {
    deps.log({ level: 'info', event: 'enquiry_marked_likely_spam', enquiryId: id })
  }
  return { kind: 'accepted', id: enquiry.id, createdAt: enquiry.createdAt }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
