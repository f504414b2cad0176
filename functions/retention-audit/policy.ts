/**
 * The retention the product promises, as docs/operations.md states it (a test keeps the two
 * equal). `npm run audit:retention` checks the synthesised stacks against these limits; the
 * values the stack applies live apart, in infra/retention.ts, so the audit compares the
 * infrastructure with the promise rather than with itself.
 */
export const retentionPolicy = {
  /** Every enquiry is deleted exactly this many calendar years after it was sent: no sooner, no later. */
  enquiryYears: 3,
  /** The longest any backup (point-in-time recovery, AWS Backup) may keep a deleted enquiry. */
  backupDaysMax: 35,
  /** The longest function logs and API access logs may be kept. */
  logDaysMax: 30,
  /** The longest CloudFront and S3 access logs (visitors' IP addresses) may be kept. */
  accessLogDaysMax: 90,
  /**
   * The longest events a function failed on may wait for ops (SES's reports of enquiry e-mails,
   * in the delivery-events function's dead-letter queue).
   */
  failedEventDaysMax: 14,
  /**
   * The canary's synthetic enquiries (nobody's data, sent hourly to prove the pipeline works) are
   * deleted exactly this many days after they were sent.
   */
  syntheticEnquiryDays: 1,
  /**
   * How long after `expiresAt` DynamoDB's TTL may take to delete an item ("within a few days",
   * AWS says): the live check counts an item past its expiry by more than this as TTL failing,
   * and an enquiry older than `enquiryYears` plus this as kept too long.
   */
  ttlSlackDays: 7,
} as const

export type RetentionPolicy = { readonly [Key in keyof typeof retentionPolicy]: number }
