/**
 * How long the two senders (the stream's sender and the scheduled retry) give each step of one
 * e-mail, and how long they wait for SES's own word: one place, because the claim's lease
 * (send-pending.ts), the hold-off after an unknown outcome and the record (notify.ts) are sized
 * from them together (docs/decisions/0012, 0034).
 */

/**
 * How long a sender waits for SES's answer to one SendEmail. The senders are off the visitor's
 * wait, so SES gets the time it needs: an answer after 12 s is still an answer (the e-mail went,
 * once), where a short limit would make it an unknown outcome and, later, a second e-mail.
 */
export const SES_ANSWER_WITHIN_MS = 15_000

/**
 * Once SES has accepted the e-mail, its record on the enquiry is retried for up to this long, so
 * that "sent but not recorded" takes a DynamoDB outage longer than this.
 */
export const RECORD_WITHIN_MS = 10_000

/** The record's tries within RECORD_WITHIN_MS, 0.25, 0.5, 1, 2 and 4 s apart. */
export const RECORD_TRIES = 6

/**
 * SES publishes its Send event as it takes a message (Delivery or Bounce follow): the
 * delivery-events function records it on the enquiry within seconds, whatever became of the
 * sender's own call. A send whose outcome is unknown waits this long for that evidence before it
 * is sent again; a claim whose holder may have died just after SES accepted is honoured this long
 * past the last moment the holder could still run.
 */
export const EVIDENCE_WINDOW_MS = 30_000
