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
  },
  /** Every enquiry of one address (lower-cased, trimmed), for access and erasure requests. */
  emailIndex: {
    name: 'by-email',
    partitionKey: 'emailNormalised',
    sortKey: 'createdAt',
  },
} as const

/** The value `emailPending` holds while an e-mail is owed (one partition: few items, short-lived). */
export const EMAIL_PENDING = 'PENDING'

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
