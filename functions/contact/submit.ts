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
import type { Logger } from '../log.ts'
import { countEnquiry } from '../metrics.ts'
import { spamVerdict } from '../spam/verdict.ts'
import { honeypotFilled } from './request.ts'
import { storeConfirmed } from './store-confirmed.ts'

export type SubmitOutcome =
  | { readonly kind: 'accepted'; readonly id: string; readonly createdAt: string }
  | { readonly kind: 'invalid'; readonly errors: FieldErrors }
  | { readonly kind: 'key-reused' }
  | { readonly kind: 'unavailable' }
  /**
   * Neither the write nor a read of it was answered: whether it was stored cannot be known.
   * Sending again is safe when the request carried an idempotency key (`keyed`).
   */
  | { readonly kind: 'unknown'; readonly keyed: boolean }

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
 * The contact pipeline: validate, decide the verdict from the enquiry itself, store it (safe from
 * here on, its e-mail owed unless held) and answer, within CONTACT_BUDGET_MS. Only a store that
 * failed, or whose outcome cannot be known, fails the submission, each said as it is.
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
  // Every answer is true: stored (201), not stored (503), or, when DynamoDB answered neither
  // the write nor a read of it in time, that it cannot be known (504; the same key is safe).
  const confirmation = await storeConfirmed(deps.store, enquiry, deadline, deps.log)
  if (confirmation.kind === 'not-stored') return { kind: 'unavailable' }
  if (confirmation.kind === 'unknown')
    return { kind: 'unknown', keyed: idempotencyKey !== undefined }
  if (confirmation.kind === 'key-reused') {
    deps.log({ level: 'warn', event: 'enquiry_idempotency_key_reused', enquiryId: id })
    return { kind: 'key-reused' }
  }
  if (confirmation.kind === 'repeat') {
    // A retry of a submission already stored: same answer, no second enquiry, no second
    // e-mail (its first write started the sender; the retry function is the safety net).
    deps.log({ level: 'info', event: 'enquiry_retry_deduplicated', enquiryId: id })
    return { kind: 'accepted', id, createdAt: confirmation.stored.createdAt }
  }
  // Stored now (or by this submission's earlier request, whose answer was lost too).
  const { createdAt: storedAt } =
    confirmation.kind === 'stored-unanswered' ? confirmation.stored : enquiry
  deps.log({ level: 'info', event: 'enquiry_stored', enquiryId: id })
  countEnquiry(deps.metrics, 'EnquiryStored')

  // The visitor's answer is the same whatever the verdict: a spammer learns nothing from it.
  if (verdict.level === 'certain') {
    deps.log({ level: 'info', event: 'enquiry_held_as_spam', enquiryId: id })
  } else if (verdict.level === 'likely') {
    deps.log({ level: 'info', event: 'enquiry_marked_likely_spam', enquiryId: id })
  }
  return { kind: 'accepted', id, createdAt: storedAt }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
