/**
 * How an AWS call that failed ended: refused by the service (an answer), or without any answer,
 * so that what it asked for may have happened all the same. One rule for the senders' SendEmail
 * (notify.ts) and the contact function's PutItem (contact/store-confirmed.ts).
 */

/** How a call that got no answer fails: its time ran out (SDK timeout or our abort signal). */
const NO_ANSWER_NAMES = new Set(['TimeoutError', 'AbortError'])
/** A connection lost once the request may have been written. */
const CONNECTION_LOST_CODES = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNABORTED'])

/**
 * Whether the service may have done what was asked although no answer says so: no HTTP answer
 * came back (a timeout, our abort, a connection dropped after the request was written). SES may
 * have accepted an e-mail, DynamoDB may have applied a write. An answer the service gave (a
 * refusal, with its status) or a connection never made is a failure like any other.
 */
export function outcomeUnknown(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const answered = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode
  if (typeof answered === 'number') return false
  const code = (error as { code?: unknown }).code
  return (
    NO_ANSWER_NAMES.has(error.name) || (typeof code === 'string' && CONNECTION_LOST_CODES.has(code))
  )
}
