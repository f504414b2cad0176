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
