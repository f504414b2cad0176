import { RetentionDays } from 'aws-cdk-lib/aws-logs'
import type { Finding } from '#functions/retention-audit/finding.ts'
import type { RetentionPolicy } from '#functions/retention-audit/policy.ts'
import type { retention as stackRetention } from '#infra/retention.ts'

/**
 * The retention settings the stack applies (infra/retention.ts), read as values, against the
 * policy.
 */

/** DynamoDB's point-in-time recovery takes a window of 1 to 35 days. */
const PITR_DAYS_RANGE = [1, 35] as const

/**
 * The retention settings the stack applies, against the policy: a value the policy does not
 * allow is a breach even where the CDK would refuse it (and the stack could not be deployed).
 */
export function auditSettings(
  settings: { readonly [Name in keyof typeof stackRetention]: number },
  policy: RetentionPolicy,
): Finding[] {
  const place = (name: string) => `Retention setting ${name} (infra/retention.ts)`
  const within = (value: number, limit: number): Finding['status'] =>
    Number.isFinite(value) && value <= limit ? 'pass' : 'fail'
  const pitr = settings.pointInTimeRecoveryDays
  const [minPitr, maxPitr] = PITR_DAYS_RANGE
  return [
    {
      status: settings.enquiryYears === policy.enquiryYears ? 'pass' : 'fail',
      place: place('enquiryYears'),
      detail: `${settings.enquiryYears} years (the policy: exactly ${policy.enquiryYears})`,
    },
    {
      status:
        Number.isInteger(pitr) && pitr >= minPitr && pitr <= Math.min(maxPitr, policy.backupDaysMax)
          ? 'pass'
          : 'fail',
      place: place('pointInTimeRecoveryDays'),
      detail:
        Number.isInteger(pitr) && pitr >= minPitr && pitr <= maxPitr
          ? `${pitr} days of point-in-time recovery (limit ${policy.backupDaysMax} days)`
          : `${pitr} days of point-in-time recovery: DynamoDB takes ${minPitr} to ${maxPitr} days, so the stack cannot be deployed as written (limit ${policy.backupDaysMax} days)`,
    },
    {
      status: within(settings.logs, policy.logDaysMax),
      place: place('logs'),
      detail: `function and API logs kept ${settings.logs === RetentionDays.INFINITE ? 'for ever' : `${settings.logs} days`} (limit ${policy.logDaysMax} days)`,
    },
    {
      status: within(settings.accessLogDays, policy.accessLogDaysMax),
      place: place('accessLogDays'),
      detail: `CloudFront and S3 access logs kept ${settings.accessLogDays} days (limit ${policy.accessLogDaysMax} days)`,
    },
    {
      status: within(settings.failedEventDays, policy.failedEventDaysMax),
      place: place('failedEventDays'),
      detail: `failed delivery events kept ${settings.failedEventDays} days (limit ${policy.failedEventDaysMax} days)`,
    },
  ]
}
