import { RETENTION_YEARS } from './contact.ts'

/**
 * The enquiries table's shape, shared by the functions that read and write it, the CDK construct
 * that creates it, the local stack that emulates it and the data-protection tools.
 */
export const enquiryTable = {
  partitionKey: 'id',
  /** Epoch seconds; DynamoDB's TTL deletes the item after this moment. */
  ttlAttribute: 'expiresAt',
  /**
   * Sparse index of enquiries whose e-mail has not been sent yet: only items carrying
   * `emailPending` appear in it, so the retry function queries a handful of items, never scans.
   */
  pendingEmailIndex: {
    name: 'pending-email',
    partitionKey: 'emailPending',
    sortKey: 'createdAt',
    // The retry reads each item itself (consistently): the index holds no personal data.
    projection: 'KEYS_ONLY',
  },
  /** Every enquiry of one address (lower-cased, trimmed), for access and erasure requests. */
  emailIndex: {
    name: 'by-email',
    partitionKey: 'emailNormalised',
    sortKey: 'createdAt',
    projection: 'ALL',
  },
  /** The short reference staff read in an e-mail's subject, back to its enquiry (keys only). */
  refIndex: {
    name: 'by-ref',
    partitionKey: 'ref',
    projection: 'KEYS_ONLY',
  },
  /**
   * Sparse index of enquiries a person must look at: only items carrying `attention` (their
   * e-mail gave up, bounced, was complained about or rejected, or it was held back as spam)
   * appear in it, so ops list them without a scan (keys only).
   */
  attentionIndex: {
    name: 'needs-attention',
    partitionKey: 'attention',
    sortKey: 'createdAt',
    projection: 'KEYS_ONLY',
  },
  /**
   * Sparse index of enquiries by a hash of their normalised message (only messages long enough
   * to be worth comparing carry one), sorted by `createdAt#sender hash`: the contact function
   * counts how many other addresses sent the same text within a day, without a scan (keys only:
   * hashes, no personal data in clear).
   */
  messageIndex: {
    name: 'by-message',
    partitionKey: 'messageHash',
    sortKey: 'messageSender',
    projection: 'KEYS_ONLY',
  },
  /**
   * Every enquiry by the UTC day it came (`createdDay`, `2026-07-27`), sorted by `createdAt`:
   * the reminder reads the last few days' enquiries to find the unanswered ones, and the weekly
   * summary a week's, a partition a day, never a scan (keys only). Enquiries stored before the
   * index existed carry no `createdDay` and are not in it.
   */
  dayIndex: {
    name: 'by-day',
    partitionKey: 'createdDay',
    sortKey: 'createdAt',
    projection: 'KEYS_ONLY',
  },
} as const

/** A global secondary index of the table: string keys, and what it copies from each item. */
export interface EnquiryIndex {
  readonly name: string
  readonly partitionKey: string
  readonly sortKey?: string
  readonly projection: 'KEYS_ONLY' | 'ALL'
}

/** Every index, for the CDK construct and the local stack to create alike. */
export const enquiryIndexes: readonly EnquiryIndex[] = [
  enquiryTable.pendingEmailIndex,
  enquiryTable.emailIndex,
  enquiryTable.refIndex,
  enquiryTable.attentionIndex,
  enquiryTable.messageIndex,
  enquiryTable.dayIndex,
]

/**
 * Where an enquiry's e-mail to the agency stands. `pending` → `sent` (SES accepted it) →
 * `delivered` | `bounced` | `complained` | `rejected` (SES's events); `gave-up` when every attempt
 * failed; `held` when it was kept out of the inbox as certain spam.
 */
export const emailStatuses = [
  'pending',
  'sent',
  'delivered',
  'bounced',
  'complained',
  'rejected',
  'gave-up',
  'held',
] as const
export type EmailStatus = (typeof emailStatuses)[number]

/** The statuses that put an enquiry in the `needs-attention` index (`attention` = the status). */
export const attentionStatuses = [
  'gave-up',
  'bounced',
  'complained',
  'rejected',
  'held',
] as const satisfies readonly EmailStatus[]
export type AttentionStatus = (typeof attentionStatuses)[number]

export function needsAttention(status: EmailStatus): status is AttentionStatus {
  return (attentionStatuses as readonly EmailStatus[]).includes(status)
}

/**
 * The enquiry's short reference: the first eight hex digits of its id, upper-cased (`3F9A1C2B`).
 * Short enough to compare at a glance in a subject line; the full id stays in the body.
 */
export function enquiryRef(id: string): string {
  return id.replaceAll('-', '').slice(0, 8).toUpperCase()
}

/** The value `emailPending` holds while an e-mail is owed (one partition: few items, short-lived). */
export const EMAIL_PENDING = 'PENDING'

/**
 * Which records of the table's stream start the enquiry sender: new enquiries whose e-mail is
 * owed (not held spam, not any later change). Lambda's event filter pattern, as the CDK stack
 * gives it (infra/constructs/enquiry-sender.ts) and the local stack applies it.
 */
export const newPendingEnquiryFilter = {
  eventName: ['INSERT'],
  dynamodb: { NewImage: { emailPending: { S: [EMAIL_PENDING] } } },
} as const

/** The `by-day` index's key for an enquiry created at `at`: its UTC date, `2026-07-27`. */
export function createdDayOf(at: Date | string): string {
  return new Date(at).toISOString().slice(0, 10)
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase()
}

/**
 * When an enquiry created at `createdAt` must be gone: the same UTC time of day, `years` calendar
 * years later, as epoch seconds (DynamoDB TTL's unit). A 29 February has no anniversary in a
 * common year, so it expires on 28 February: the last day of the same month, never a day past
 * the promised retention (the choice UK law and most date libraries make for "a year after").
 */
export function retentionExpiresAt(createdAt: Date, years: number = RETENTION_YEARS): number {
  const year = createdAt.getUTCFullYear() + years
  const month = createdAt.getUTCMonth()
  const expiry = new Date(createdAt.getTime())
  // Day 0 of the next month is the last day of this one.
  const lastDayOfMonth = new Date(0)
  lastDayOfMonth.setUTCFullYear(year, month + 1, 0)
  expiry.setUTCFullYear(year, month, Math.min(createdAt.getUTCDate(), lastDayOfMonth.getUTCDate()))
  return Math.floor(expiry.getTime() / 1000)
}
