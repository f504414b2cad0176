import { SendEmailCommand } from '@aws-sdk/client-ses'
import {
  agencyDate,
  DEFAULT_AGENCY_TIME_ZONE,
  formatAgencyTime,
  formatDuration,
  startOfAgencyDay,
} from '#shared/agency-time.ts'
import { ANSWER_PROMISE_HOURS } from '../enquiries/answers.ts'
import { enquiriesCreatedBetween } from '../enquiries/by-day.ts'
import { headerSafe, type RenderedEmail } from '../enquiries/email.ts'
import type { Enquiry } from '../enquiries/item.ts'
import { type StaffMailDependencies, staffEmailInput } from '../enquiries/staff-email.ts'
import { waitingEnquiries } from '../enquiries/waiting.ts'
import { emailDocument, escapeHtml } from '../html-pages.ts'

/**
 * The weekly summary for whoever runs the agency, each Monday morning in its own time zone: last
 * week's enquiries (Monday 00:00 to Monday 00:00, agency time), how many were answered within
 * the 24 hours the site promises (count and share), the median time to first answer, how many
 * were held back as spam, released and dismissed, and how many were not delivered. It names no
 * one: references only. When anything waits (held or not delivered), a signed link to the page
 * of every waiting enquiry.
 */

const fields = [
  'ref',
  'answeredAt',
  'dismissedAt',
  'spamLevel',
  'emailStatus',
  'staffActions',
  'synthetic',
] as const satisfies readonly (keyof Enquiry)[]
type Week = Pick<Enquiry, (typeof fields)[number] | 'id' | 'createdAt' | 'expiresAt'>

const promiseMs = ANSWER_PROMISE_HOURS * 3_600_000
const undelivered = new Set(['gave-up', 'bounced', 'complained', 'rejected'])

/** Last week, Monday 00:00 to Monday 00:00 in the agency's zone, as of `now`. */
export function lastWeek(now: Date, timeZone: string = DEFAULT_AGENCY_TIME_ZONE) {
  const back = agencyDate(now, timeZone).weekday - 1
  return {
    from: startOfAgencyDay(now, timeZone, -back - 7),
    to: startOfAgencyDay(now, timeZone, -back),
  }
}

export interface WeeklyFigures {
  readonly received: number
  /** Staff stopped listing them (spam, or nothing to answer): not owed an answer. */
  readonly dismissed: number
  readonly answeredInTime: number
  /** References of those answered after 24 hours, or not (yet) at all past them. */
  readonly late: readonly string[]
  readonly unanswered: readonly string[]
  /** Still inside their 24 hours as the summary is made. */
  readonly stillInTime: number
  readonly medianFirstAnswerMs?: number | undefined
  readonly held: number
  readonly released: number
  readonly notDelivered: number
}

export function weeklyFigures(entries: readonly Week[], now: Date): WeeklyFigures {
  const real = entries.filter((entry) => entry.synthetic !== true)
  const owed = real.filter((entry) => !entry.dismissedAt)
  const took = (entry: Week) => Date.parse(entry.answeredAt as string) - Date.parse(entry.createdAt)
  const answered = owed.filter((entry) => entry.answeredAt)
  const times = answered.map(took).sort((a, b) => a - b)
  const middle = Math.floor(times.length / 2)
  const pastPromise = (entry: Week) => Date.parse(entry.createdAt) + promiseMs <= now.getTime()
  return {
    received: real.length,
    dismissed: real.length - owed.length,
    answeredInTime: answered.filter((entry) => took(entry) <= promiseMs).length,
    late: answered.filter((entry) => took(entry) > promiseMs).map((entry) => entry.ref),
    unanswered: owed.filter((entry) => !entry.answeredAt && pastPromise(entry)).map((e) => e.ref),
    stillInTime: owed.filter((entry) => !entry.answeredAt && !pastPromise(entry)).length,
    medianFirstAnswerMs:
      times.length === 0
        ? undefined
        : times.length % 2
          ? times[middle]
          : ((times[middle - 1] as number) + (times[middle] as number)) / 2,
    held: real.filter((entry) => entry.spamLevel === 'certain').length,
    released: real.filter((entry) => entry.staffActions?.some((a) => a.action === 'release'))
      .length,
    notDelivered: real.filter((entry) => undelivered.has(entry.emailStatus)).length,
  }
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

export function renderWeekly(
  figures: WeeklyFigures,
  options: {
    readonly week: { readonly from: Date; readonly to: Date }
    readonly timeZone?: string | undefined
    readonly waiting: number
    readonly waitingLink?: string | undefined
  },
): RenderedEmail {
  const timeZone = options.timeZone ?? DEFAULT_AGENCY_TIME_ZONE
  const start = formatAgencyTime(options.week.from, timeZone).replace(/, \d\d:\d\d .*$/, '')
  const last = formatAgencyTime(new Date(options.week.to.getTime() - 60_000), timeZone).replace(
    /, \d\d:\d\d .*$/,
    '',
  )
  const owed = figures.received - figures.dismissed
  const share = owed > 0 ? ` (${Math.round((figures.answeredInTime / owed) * 100)}%)` : ''
  const subject = headerSafe(
    figures.received === 0
      ? `Week of ${start}: no enquiries`
      : `Week of ${start}: ${plural(figures.received, 'enquiry', 'enquiries')}, ${figures.answeredInTime} answered within 24 hours`,
  )
  const refs = (list: readonly string[]) => (list.length > 0 ? ` (${list.join(', ')})` : '')
  const lines = [
    `Enquiries through the website from ${start} to ${last} (${timeZone} time).`,
    '',
    `Received: ${figures.received}`,
    `Answered within 24 hours: ${figures.answeredInTime} of ${owed}${share}`,
    `Answered later than 24 hours: ${figures.late.length}${refs(figures.late)}`,
    `No answer recorded after 24 hours: ${figures.unanswered.length}${refs(figures.unanswered)}`,
    ...(figures.stillInTime > 0 ? [`Still within their 24 hours: ${figures.stillInTime}`] : []),
    `Median time to first answer: ${figures.medianFirstAnswerMs === undefined ? 'none answered' : formatDuration(figures.medianFirstAnswerMs)}`,
    `Held back as spam: ${figures.held}, of which released by staff: ${figures.released}`,
    `Stopped listing (dismissed) by staff: ${figures.dismissed}`,
    `Not delivered to the inbox: ${figures.notDelivered}`,
    '',
    'An answer is recorded when staff reply to the enquiry e-mail, or press "I have answered this" under it. References (such as 3F9A1C2B) are in each enquiry e-mail’s subject.',
    ...(options.waitingLink && options.waiting > 0
      ? [
          '',
          `${plural(options.waiting, 'enquiry is', 'enquiries are')} waiting for you now (held back as spam, or not delivered). See every waiting enquiry: ${options.waitingLink}`,
        ]
      : []),
  ]
  const text = `${lines.join('\n')}\n`
  const html = emailDocument(
    subject,
    lines
      .filter((line) => line !== '')
      .map((line) =>
        options.waitingLink && line.includes(options.waitingLink)
          ? `<p>${escapeHtml(line.slice(0, line.indexOf('See every')))}<a href="${escapeHtml(options.waitingLink)}" style="color:#1a3aa3;font-weight:bold">See every waiting enquiry</a></p>`
          : `<p style="margin:0 0 6px">${escapeHtml(line)}</p>`,
      )
      .join(''),
  )
  return { subject, text, html }
}

export interface WeeklyDependencies extends StaffMailDependencies {
  /** @default the agency inbox */
  readonly to?: string | undefined
}

/** Reads last week's enquiries and e-mails the summary (every week, none received included). */
export async function sendWeeklySummary(deps: WeeklyDependencies, signal?: AbortSignal) {
  const now = deps.now()
  const timeZone = deps.addresses.agencyTimeZone
  const week = lastWeek(now, timeZone)
  const entries = await enquiriesCreatedBetween(
    deps.table,
    week.from,
    new Date(week.to.getTime() - 1),
    fields,
    now,
    signal,
  )
  const figures = weeklyFigures(entries, now)
  const waiting = (await waitingEnquiries(deps.table, now, signal)).length
  const rendered = renderWeekly(figures, {
    week,
    timeZone,
    waiting,
    waitingLink: deps.links(now)('', 'waiting'),
  })
  const result = await deps.ses.send(
    new SendEmailCommand(staffEmailInput(rendered, deps.addresses, deps.to)),
    { abortSignal: signal },
  )
  deps.log({
    level: 'info',
    event: 'weekly_summary_sent',
    receivedCount: figures.received,
    answeredInTimeCount: figures.answeredInTime,
  })
  return { figures, messageId: result.MessageId }
}
