import { RetentionDays } from 'aws-cdk-lib/aws-logs'
import { RETENTION_YEARS } from '#shared/contact.ts'

/**
 * How long each place that can hold personal data keeps it: the one list the stack applies,
 * docs/deploy.md states and a retention audit can check.
 */
export const retention = {
  /** Enquiries: the table's TTL deletes each one this many calendar years after creation. */
  enquiryYears: RETENTION_YEARS,
  /** Point-in-time recovery window of the enquiries table (deleted items stay restorable this long). */
  pointInTimeRecoveryDays: 35,
  /** Function logs and API access logs. */
  logs: RetentionDays.ONE_MONTH,
  /** CloudFront and S3 access logs (visitors' IP addresses), in days. */
  accessLogDays: 90,
  /**
   * SES delivery events the delivery-events function could not record (its dead-letter queue):
   * what SES reported of an enquiry e-mail, its subject included. SQS keeps a message 14 days at
   * most.
   */
  failedEventDays: 14,
} as const
