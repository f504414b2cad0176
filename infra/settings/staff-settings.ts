import { z } from 'zod'
import { DEFAULT_AGENCY_TIME_ZONE, isTimeZone } from '#shared/agency-time.ts'
import { answerPromise } from '#shared/answer-promise.ts'
import { enquiryActionsApi } from '#shared/enquiry-actions.ts'
import { DEFAULT_DIGEST_SCHEDULE } from '../constructs/attention-digest.ts'
import { SES_RECEIVING_REGIONS, sesReceivesIn } from '../ses-receiving.ts'
import { blankIsUnset, optionalCount, optionalEmail, type Parsed } from './values.ts'

/**
 * What the agency's staff are sent besides each enquiry (the digest, the reminder, the weekly
 * summary), in which time zone they read it, and how their answers are known.
 */
export interface StaffSettings {
  /**
   * When the agency's digest of held and undelivered enquiries is sent: an EventBridge schedule
   * in UTC, at most hourly.
   * @default DEFAULT_DIGEST_SCHEDULE, daily at 08:00 UTC
   */
  readonly digestSchedule?: string
  /**
   * Days the digest lists an enquiry in full from when it started waiting; older ones: on the
   * page of every waiting enquiry, one link away.
   * @default enquiryActionsApi.listDays, 14
   */
  readonly digestListDays?: number
  /**
   * A second address that also gets the digest when the agency inbox itself refused mail (an
   * enquiry e-mail bounced or was marked as spam there).
   * @default - none: the ops topic's bounce and complaint alarms tell ops
   */
  readonly digestCopyTo?: string
  /**
   * The time zone staff read every time in (an IANA name), and the weekly summary's Monday.
   * @default DEFAULT_AGENCY_TIME_ZONE, 'Europe/London'
   */
  readonly agencyTimeZone?: string
  /**
   * Hours after an enquiry came that one with no answer recorded is in the reminder (1 to 23).
   * @default answerPromise.reminderAfterHours, 20
   */
  readonly reminderAfterHours?: number
  /**
   * The label under the hosted zone whose mail SES receives: each enquiry e-mail's second
   * Reply-To is an address there, and a staff reply to it records the answer. `false` switches
   * reply detection off (answers are then marked with the "I have answered this" link only).
   * @default 'replies' with a hosted zone in a region where SES receives mail, else off
   */
  readonly replySubdomain?: string | false
  /**
   * Who gets the weekly summary (Monday 08:00, agency time).
   * @default - the agency inbox
   */
  readonly weeklySummaryTo?: string
}

/** The reply subdomain's label unless the stage says otherwise. */
export const DEFAULT_REPLY_SUBDOMAIN = 'replies'

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
const replySubdomainRule =
  'replySubdomain: one lower-case DNS label, e.g. replies, or false to switch reply detection off'

export const staffSettingsShape = {
  digestSchedule: z.preprocess(
    blankIsUnset,
    z.string(digestScheduleRule).trim().refine(isDigestSchedule, digestScheduleRule).optional(),
  ),
  digestListDays: optionalCount('digestListDays').pipe(
    z.number().max(365, 'digestListDays must be at most 365').optional(),
  ),
  digestCopyTo: optionalEmail('digestCopyTo'),
  agencyTimeZone: z.preprocess(
    blankIsUnset,
    z
      .string()
      .trim()
      .refine(isTimeZone, 'agencyTimeZone: an IANA time zone, e.g. Europe/London')
      .optional(),
  ),
  reminderAfterHours: optionalCount('reminderAfterHours').pipe(
    z.number().max(23, 'reminderAfterHours must be 23 at most: the promise is 24 hours').optional(),
  ),
  replySubdomain: z.preprocess(
    (value) => (value === 'false' ? false : blankIsUnset(value)),
    z
      .union([
        z.literal(false),
        z
          .string(replySubdomainRule)
          .trim()
          .regex(/^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/, replySubdomainRule),
      ])
      .optional(),
  ),
  weeklySummaryTo: optionalEmail('weeklySummaryTo'),
}

type StaffValues = Parsed<typeof staffSettingsShape>

/** Where a stage's reply detection can be, or why it cannot, each broken rule in words. */
export function staffProblems(
  s: StaffValues & { readonly hostedZoneName?: string | undefined },
  region: string,
): string[] {
  if (typeof s.replySubdomain !== 'string') return []
  if (!s.hostedZoneName) {
    return [
      'replySubdomain needs a hosted zone (hostedZoneId + hostedZoneName): its MX record is written there',
    ]
  }
  if (!sesReceivesIn(region)) {
    return [
      `replySubdomain: SES does not receive e-mail in ${region} (it does in ${SES_RECEIVING_REGIONS.join(', ')}): set replySubdomain: false, and staff mark answers with the "I have answered this" link`,
    ]
  }
  return []
}

export interface StaffConfig {
  /** When the digest of enquiries nobody has seen is sent (an EventBridge schedule, UTC). */
  readonly digestSchedule: string
  /** How many days the digest lists an enquiry in full. */
  readonly digestListDays: number
  /** Also gets the digest when the agency inbox refused mail. */
  readonly digestCopyTo?: string
  readonly agencyTimeZone: string
  readonly reminderAfterHours: number
  /**
   * The host whose mail SES receives for reply detection (`replies.<zone>`); absent when the
   * stage has none (no hosted zone, a region without SES receiving, or switched off).
   */
  readonly replyDomain?: string
  readonly weeklySummaryTo?: string
}

export function staffConfig(
  s: StaffValues,
  where: { readonly region: string; readonly hostedZoneName?: string | undefined },
): StaffConfig {
  const label =
    s.replySubdomain ??
    (where.hostedZoneName && sesReceivesIn(where.region) ? DEFAULT_REPLY_SUBDOMAIN : false)
  return {
    digestSchedule: s.digestSchedule ?? DEFAULT_DIGEST_SCHEDULE,
    digestListDays: s.digestListDays ?? enquiryActionsApi.listDays,
    ...(s.digestCopyTo && { digestCopyTo: s.digestCopyTo }),
    agencyTimeZone: s.agencyTimeZone ?? DEFAULT_AGENCY_TIME_ZONE,
    reminderAfterHours: s.reminderAfterHours ?? answerPromise.reminderAfterHours,
    ...(label && where.hostedZoneName && { replyDomain: `${label}.${where.hostedZoneName}` }),
    ...(s.weeklySummaryTo && { weeklySummaryTo: s.weeklySummaryTo }),
  }
}
