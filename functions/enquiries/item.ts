import { createHash, randomUUID } from 'node:crypto'
import type { ContactSubmission } from '#shared/contact.ts'
import {
  type AttentionStatus,
  createdDayOf,
  EMAIL_PENDING,
  type EmailStatus,
  enquiryRef,
  normaliseEmail,
  retentionExpiresAt,
} from '#shared/enquiry-table.ts'
import { type MessageKeys, messageKeys } from '../spam/message-keys.ts'
import type { SpamLevel, SpamVerdict } from '../spam/verdict.ts'
import { syntheticExpiresAt } from './synthetic.ts'

/** What staff did to a waiting enquiry (functions/enquiries/staff-actions.ts). */
export type StaffAction = 'release' | 'requeue' | 'dismiss' | 'answer'

/**
 * Who acted: `link` (a signed link from one of the agency's e-mails, pressed by whoever held
 * it: the agency inbox is shared), `ops` (`npm run enquiries`), or a replying address.
 */
export type ActedBy = 'link' | 'ops' | (string & {})

/** One entry of an enquiry's `staffActions` list. */
export interface StaffActionRecord {
  readonly action: StaffAction
  /** ISO 8601. */
  readonly at: string
  /** Absent on entries recorded before who acted was kept. */
  readonly by?: ActedBy
  /** A requeue's reason: the status its e-mail had (`bounced`, `gave-up` …). */
  readonly from?: EmailStatus
}

/** How staff's first answer was known: their reply reached the reply address, or a link said so. */
export type AnsweredVia = 'reply' | 'link'

/** What the table holds for one enquiry (the message keys only when the message is long enough). */
export interface Enquiry extends ContactSubmission, Partial<MessageKeys> {
  readonly id: string
  /** ISO 8601, UTC, millisecond precision: sorts as text in the indexes. */
  readonly createdAt: string
  /** Its UTC day (`2026-07-27`): the `by-day` index's key. Absent on enquiries stored before it. */
  readonly createdDay?: string
  /** Epoch seconds; the table's TTL attribute. */
  readonly expiresAt: number
  readonly emailNormalised: string
  /** Fingerprint of the seven fields: tells a genuine retry from a reused idempotency key. */
  readonly submissionHash: string
  /** Present (as `PENDING`) only while the agency's e-mail is owed: the sparse index's key. */
  readonly emailPending?: typeof EMAIL_PENDING
  /** The short reference in the e-mail's subject (the `by-ref` index's key). */
  readonly ref: string
  readonly emailStatus: EmailStatus
  /** When `emailStatus` last changed (ISO 8601). */
  readonly emailStatusAt: string
  /** SES's reason for a delivery status (`Permanent/General`, `abuse`, `Bad content`). */
  readonly emailStatusDetail?: string
  /** Present (as the status) only while a person must look at it: the sparse index's key. */
  readonly attention?: AttentionStatus
  readonly emailAttempts: number
  readonly emailLastAttemptAt?: string
  readonly emailSentAt?: string
  readonly emailMessageId?: string
  /** Which function's send SES accepted: the stream's sender, or the scheduled retry. */
  readonly emailSentBy?: EmailSender
  /** The spam verdict (functions/spam/verdict.ts), kept so staff and data subjects can see why. */
  readonly spamLevel: SpamLevel
  readonly spamScore: number
  readonly spamReasons: string[]
  /**
   * While a sender (the retry) is sending the e-mail: until when its claim holds. Left in place
   * only when that sender stopped between SES's answer and recording it.
   */
  readonly emailClaimedUntil?: string
  /**
   * The canary's own enquiry (its signed marker verified): kept a day, e-mailed to SES's mailbox
   * simulator only, never listed in the digest (shared/synthetic-enquiry.ts).
   */
  readonly synthetic?: true
  /** The last send whose outcome was unknown (no answer in time); it holds the claim above. */
  readonly emailOutcomeUnknownAt?: string
  /** How many sends had an unknown outcome: never counted as attempts. */
  readonly emailOutcomesUnknown?: number
  /** What staff did to it while it waited, in order. */
  readonly staffActions?: readonly StaffActionRecord[]
  /** When staff stopped listing it (it keeps its status). */
  readonly dismissedAt?: string
  /** When staff first answered it (ISO 8601): later answers change nothing. */
  readonly answeredAt?: string
  /** The address whose reply answered it (only for `answeredVia: 'reply'`). */
  readonly answeredBy?: string
  readonly answeredVia?: AnsweredVia
  /** When the reminder listed it, unanswered (once per enquiry). */
  readonly remindedAt?: string
  /** When it was first seen unanswered 24 hours after it came (counted once, as a metric). */
  readonly promiseMissedAt?: string
}

/**
 * The functions that e-mail an enquiry: the sender the table's write starts, and the scheduled
 * retry (the safety net). Recorded on the enquiry with the send, and tagged on the e-mail, so
 * SES's own events say it too.
 */
export type EmailSender = 'sender' | 'retry'

/** The verdict of an enquiry no signal spoke against. */
export const noSpamSignals: SpamVerdict = { level: 'genuine', score: 0, reasons: [] }

/**
 * Builds the item to store for a valid submission with its spam verdict: its e-mail still owed,
 * or, for certain spam, held back from the inbox (listed for a person, never sent by the retry).
 * Either way it carries the same retention, except the canary's synthetic enquiry: kept a day,
 * never held (its e-mail is what it proves), and no message keys (so no visitor's message is
 * ever counted as a repeat of it).
 */
export function buildEnquiry(
  submission: ContactSubmission,
  id: string,
  createdAt: Date,
  verdict: SpamVerdict = noSpamSignals,
  options: { readonly synthetic?: boolean } = {},
): Enquiry {
  const at = createdAt.toISOString()
  const synthetic = options.synthetic === true
  const held = verdict.level === 'certain' && !synthetic
  return {
    id,
    ...submission,
    emailNormalised: normaliseEmail(submission.email),
    createdAt: at,
    createdDay: createdDayOf(createdAt),
    expiresAt: retentionExpiresAt(createdAt),
    submissionHash: submissionHash(submission),
    ref: enquiryRef(id),
    ...(held
      ? { emailStatus: 'held', attention: 'held' }
      : { emailPending: EMAIL_PENDING, emailStatus: 'pending' }),
    emailStatusAt: at,
    emailAttempts: 0,
    spamLevel: verdict.level,
    spamScore: verdict.score,
    spamReasons: [...verdict.reasons],
    ...(synthetic
      ? { synthetic: true, expiresAt: syntheticExpiresAt(createdAt) }
      : messageKeys(submission, createdAt)),
  }
}

/**
 * Text any encoder can carry: each lone UTF-16 surrogate (valid in a JSON string, never in
 * UTF-8) becomes U+FFFD. SES's query encoding throws on one (URIError), so an enquiry holding
 * one could never be e-mailed.
 */
export function wellFormed(value: string): string {
  return value.replace(/\p{Cs}/gu, '\uFFFD')
}

/** The submission with every field made well-formed (lengths are unchanged). */
export function wellFormedSubmission(submission: ContactSubmission): ContactSubmission {
  return {
    firstName: wellFormed(submission.firstName),
    lastName: wellFormed(submission.lastName),
    email: wellFormed(submission.email),
    phone: wellFormed(submission.phone),
    company: wellFormed(submission.company),
    position: wellFormed(submission.position),
    message: wellFormed(submission.message),
  }
}

export function submissionHash(submission: ContactSubmission): string {
  const fields = [
    submission.firstName,
    submission.lastName,
    submission.email,
    submission.phone,
    submission.company,
    submission.position,
    submission.message,
  ]
  return createHash('sha256').update(JSON.stringify(fields)).digest('base64url')
}

/** Whether the enquiry has outlived its retention (DynamoDB's TTL deletes lazily, within days). */
export function isExpired(enquiry: Pick<Enquiry, 'expiresAt'>, now: Date): boolean {
  return enquiry.expiresAt * 1000 <= now.getTime()
}

// A fixed, random namespace for ids derived from idempotency keys (RFC 9562 name-based UUIDs).
const idNamespace = Buffer.from('5f0c8d3e6a4b4c1f9d2e7b8a1c3f5e60', 'hex')

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function isUuid(value: string): boolean {
  return uuidPattern.test(value)
}

/**
 * The enquiry id for a submission: derived from its idempotency key when there is one (UUIDv5,
 * so every retry of one submission lands on the same item), otherwise random.
 */
export function enquiryIdFor(idempotencyKey: string | undefined): string {
  if (idempotencyKey === undefined) return randomUUID()
  const hash = createHash('sha1').update(idNamespace).update(idempotencyKey.toLowerCase()).digest()
  const bytes = hash.subarray(0, 16)
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x50
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80
  const hex = bytes.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
