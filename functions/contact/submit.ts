import { contactSchema, type FieldErrors, fieldErrors } from '../../shared/contact.ts'
import { startDeadline } from '../deadline.ts'
import {
  buildEnquiry,
  enquiryIdFor,
  noSpamSignals,
  wellFormedSubmission,
} from '../enquiries/item.ts'
import { type NotifyDependencies, notifyAgency } from '../enquiries/notify.ts'
import { errorName } from '../log.ts'
import { countEnquiry } from '../metrics.ts'
import { messageKeys, type RepeatLookup } from '../spam/repeats.ts'
import { spamVerdict } from '../spam/verdict.ts'
import { honeypotFilled } from './request.ts'

export type SubmitOutcome =
  | { readonly kind: 'accepted'; readonly id: string; readonly createdAt: string }
  | { readonly kind: 'invalid'; readonly errors: FieldErrors }
  | { readonly kind: 'key-reused' }
  | { readonly kind: 'unavailable' }

export interface SubmitDependencies extends NotifyDependencies {
  /** Counts other senders of the same message within a day; without it, repeats go uncounted. */
  readonly repeats?: RepeatLookup
}

export interface Submission {
  /** The parsed body: a JSON value or the form's fields. */
  readonly payload: unknown
  readonly idempotencyKey?: string | undefined
  /** The canary's own enquiry: its signed marker verified (functions/enquiries/synthetic.ts). */
  readonly synthetic?: boolean
}

/**
 * The contact function answers within this budget whatever DynamoDB or SES do: well inside its
 * Lambda timeout (10 s) and API Gateway's 30 s, so a visitor is told the truth, never a gateway
 * error. Storage must be over by `STORED_BY_MS` (else 503 with Retry-After, nothing kept),
 * SES's answer by `SENT_BY_MS` (else 201, the enquiry left pending for the retry), recording
 * the outcome by `RECORDED_BY_MS`, which leaves the answer time to leave within the budget. Every
 * call runs under these signals, the repeat lookup's included: an SDK timeout alone does not end
 * an answer that drips. A stored enquiry is never answered with a failure,
 * except when a write that was cut off lands after all: the visitor sees 503, and the
 * idempotency key makes their resubmission answer 201 with the same enquiry, not a second one.
 */
export const CONTACT_BUDGET_MS = 8_000
/**
 * The repeat lookup's share: a query that normally takes milliseconds. Past it the signal is
 * lost, never the enquiry, and storage keeps most of its time.
 */
export const REPEATS_BY_MS = 1_000
export const STORED_BY_MS = 5_000
export const SENT_BY_MS = 7_000
export const RECORDED_BY_MS = 7_500

/**
 * The contact pipeline: validate, store (the enquiry is safe from here on), then e-mail the
 * agency. Only a failed store fails the submission; a failed e-mail is left to the retry.
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
  // The canary's enquiry is the same every hour: no verdict, so it is never held back.
  const repeatedBy = synthetic
    ? 0
    : await countRepeats(deps, submission, createdAt, deadline.by(REPEATS_BY_MS))
  // A filled honeypot makes the verdict certain: stored and listed for a person, never dropped,
  // in case a person's browser filled it in.
  const verdict = synthetic
    ? noSpamSignals
    : spamVerdict({ ...submission, honeypotFilled: bot, repeatedBy })
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
      // e-mail (if the first attempt never sent it, the retry function will).
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
  await notifyAgency(deps, enquiry, {
    send: deadline.by(SENT_BY_MS),
    record: deadline.by(RECORDED_BY_MS),
  })
  return { kind: 'accepted', id: enquiry.id, createdAt: enquiry.createdAt }
}

/** Other senders of this message within a day; a failed lookup costs the signal, not the enquiry. */
async function countRepeats(
  deps: SubmitDependencies,
  submission: { readonly message: string; readonly email: string },
  createdAt: Date,
  signal: AbortSignal,
): Promise<number> {
  const keys = messageKeys(submission, createdAt)
  if (!keys || !deps.repeats) return 0
  try {
    return await deps.repeats(keys, createdAt, signal)
  } catch (error) {
    deps.log({
      level: 'warn',
      event: 'spam_repeat_lookup_failed',
      errorName: errorName(error),
    })
    return 0
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
