import { outcomeUnknown } from '../call-outcome.ts'
import type { Deadline } from '../deadline.ts'
import type { Enquiry } from '../enquiries/item.ts'
import type { EnquiryStore } from '../enquiries/store.ts'
import { errorName, type Logger } from '../log.ts'

/**
 * The contact function answers within this budget whatever DynamoDB does: well inside its Lambda
 * timeout (10 s) and API Gateway's 30 s, so a visitor is told the truth, never a gateway error.
 */
export const CONTACT_BUDGET_MS = 8_000
/**
 * The conditional put is over by then (from the request's start): most of the budget, since a
 * table that is slow answers the write no later than it would answer a read after it.
 */
export const STORED_BY_MS = 6_000
/**
 * When the put failed without an answer (a dropped connection, at once; or the time above), a
 * consistent read of the enquiry's id says whether it landed, over by then; the answer then
 * leaves by the budget.
 */
export const READ_BACK_BY_MS = 7_500

/**
 * What the table holds for one submission once its put is over:
 * - `stored`: this put wrote it;
 * - `stored-unanswered`: the put's answer was lost, and a read found it written;
 * - `repeat`: an earlier request with the same idempotency key and details stored it;
 * - `key-reused`: the key was used before with other details;
 * - `not-stored`: DynamoDB refused the put (an answer: throttled, no table, no permission, a
 *   connection never made), and nothing is there;
 * - `unknown`: the put got no answer (a time-out, a dropped connection) and is not there, or
 *   nothing could be read: it may still land, so whether it is stored cannot be known.
 */
export type StoreConfirmation =
  | { readonly kind: 'stored' | 'not-stored' | 'unknown' | 'key-reused' }
  | { readonly kind: 'stored-unanswered' | 'repeat'; readonly stored: Enquiry }

/**
 * Stores a new enquiry with one conditional put, and finds out, within the visitor's budget, what
 * the table holds when the put says it exists already or fails. The enquiry's id is known before
 * the put (its idempotency key's, item.ts), so a consistent read of that id tells: a put that was
 * cut off but landed is answered as stored, never as a failure; "not stored" is said only when
 * DynamoDB refused the write (docs/decisions/0012).
 */
export async function storeConfirmed(
  store: Pick<EnquiryStore, 'create' | 'get'>,
  enquiry: Enquiry,
  deadline: Deadline,
  log: Logger,
): Promise<StoreConfirmation> {
  const enquiryId = enquiry.id
  let putError: unknown
  try {
    if (await store.create(enquiry, deadline.by(STORED_BY_MS))) return { kind: 'stored' }
  } catch (error) {
    putError = error
  }
  // An answered refusal wrote nothing; a put without an answer may have landed, or may yet.
  const written = putError === undefined ? 'exists' : outcomeUnknown(putError) ? 'maybe' : 'no'
  const failed = (kind: 'not-stored' | 'unknown', readError?: unknown): StoreConfirmation => {
    log({
      level: 'error',
      event: kind === 'not-stored' ? 'enquiry_store_failed' : 'enquiry_store_outcome_unknown',
      enquiryId,
      errorName:
        putError === undefined && readError === undefined
          ? 'EnquiryVanished'
          : errorName(putError ?? readError),
    })
    return { kind }
  }
  let stored: Enquiry | undefined
  try {
    stored = await store.get(enquiryId, deadline.by(READ_BACK_BY_MS))
  } catch (error) {
    return failed(written === 'no' ? 'not-stored' : 'unknown', error)
  }
  // Not there: refused, or erased on request since the condition found it; or cut off, and it
  // may land still.
  if (!stored) return failed(written === 'maybe' ? 'unknown' : 'not-stored')
  if (stored.submissionHash !== enquiry.submissionHash) return { kind: 'key-reused' }
  if (putError === undefined) return { kind: 'repeat', stored }
  log({
    level: 'warn',
    event: 'enquiry_stored_unanswered',
    enquiryId,
    errorName: errorName(putError),
  })
  return { kind: 'stored-unanswered', stored }
}
