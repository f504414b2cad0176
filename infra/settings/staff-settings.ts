import { z } from 'zod'
import { enquiryActionsApi } from '#shared/enquiry-actions.ts'
import { DEFAULT_DIGEST_SCHEDULE } from '../constructs/attention-digest.ts'
import { blankIsUnset, optionalCount, optionalEmail, type Parsed } from './values.ts'

/** What the agency's staff are sent besides each enquiry: the digest, and when. */
export interface StaffSettings {
  /**
   * When the agency's digest of held and undelivered enquiries is sent: an EventBridge schedule
   * in UTC, at most hourly.
   * @default DEFAULT_DIGEST_SCHEDULE, daily at 08:00 UTC
   */
  readonly digestSchedule?: string
  /**
   * Days the digest lists an enquiry in full from when it started waiting; older ones: counted.
   * @default enquiryActionsApi.listDays, 14
   */
  readonly digestListDays?: number
  /**
   * A second address that also gets the digest when the agency inbox itself refused mail (an
   * enquiry e-mail bounced or was marked as spam there).
   * @default - none: the ops topic's bounce and complaint alarms tell ops
   */
  readonly digestCopyTo?: string
}

/**
 * An EventBridge schedule expression that sends a digest at most once an hour: `rate(N hours)` or
 * `rate(N days)`, or a six-field `cron(…)` on one minute of the hour whose day of the month or
 * day of the week (exactly one) is `?`. A digest every minute would bury the inbox it serves.
 */
function isDigestSchedule(expression: string): boolean {
  const rate = /^rate\((\d+) (hour|day)(s?)\)$/.exec(expression)
  if (rate) return Number(rate[1]) >= 1 && (rate[1] === '1') === (rate[3] === '')
  const fields = /^cron\(([^()]+)\)$/.exec(expression)?.[1]?.trim().split(/\s+/) ?? []
  return (
    fields.length === 6 &&
    /^[1-5]?\d$/.test(fields[0] ?? '') &&
    (fields[2] === '?') !== (fields[4] === '?')
  )
}

const digestScheduleRule =
  'digestSchedule: an EventBridge schedule in UTC, at most hourly, e.g. "cron(30 7 ? * MON-FRI *)" or "rate(12 hours)"'

export const staffSettingsShape = {
  digestSchedule: z.preprocess(
    blankIsUnset,
    z.string(digestScheduleRule).trim().refine(isDigestSchedule, digestScheduleRule).optional(),
  ),
  digestListDays: optionalCount('digestListDays').pipe(
    z.number().max(365, 'digestListDays must be at most 365').optional(),
  ),
  digestCopyTo: optionalEmail('digestCopyTo'),
}

export interface StaffConfig {
  /** When the digest of enquiries nobody has seen is sent (an EventBridge schedule, UTC). */
  readonly digestSchedule: string
  /** How many days the digest lists an enquiry in full. */
  readonly digestListDays: number
  /** Also gets the digest when the agency inbox refused mail. */
  readonly digestCopyTo?: string
}

export function staffConfig(s: Parsed<typeof staffSettingsShape>): StaffConfig {
  return {
    digestSchedule: s.digestSchedule ?? DEFAULT_DIGEST_SCHEDULE,
    digestListDays: s.digestListDays ?? enquiryActionsApi.listDays,
    ...(s.digestCopyTo && { digestCopyTo: s.digestCopyTo }),
  }
}
