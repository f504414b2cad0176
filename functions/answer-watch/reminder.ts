import type { Metrics } from '@aws-lambda-powertools/metrics'
import { SendEmailCommand } from '@aws-sdk/client-ses'
import { formatAgencyTime } from '#shared/agency-time.ts'
import { answerPromise } from '#shared/answer-promise.ts'
import { ANSWER_PROMISE_HOURS, awaitsAnswer, markOnce } from '../enquiries/answers.ts'
import { enquiriesCreatedBetween } from '../enquiries/by-day.ts'
import { headerSafe, type RenderedEmail } from '../enquiries/email.ts'
import {
  type ActionLinker,
  entryHtml,
  entryText,
  type ShownEntry,
  shownEntry,
} from '../enquiries/entry-email.ts'
import type { Enquiry } from '../enquiries/item.ts'
import { type StaffMailDependencies, staffEmailInput } from '../enquiries/staff-email.ts'
import { waitingFields } from '../enquiries/waiting.ts'
import { emailDocument, escapeHtml } from '../html-pages.ts'
import { countEnquiry } from '../metrics.ts'

/**
 * The reminder before the 24-hour promise lapses: every ~15 minutes, the enquiries that came at
 * least `afterHours` (20 by default, a stage setting) ago and have no answer recorded, listed
 * once each (`remindedAt`) in one short e-mail to the agency inbox, each with its links: "I have
 * answered this" for one in the inbox, "Send it to me" for one held back as spam, "Send it
 * again" for one not delivered. Held enquiries are in it too, so none is first shown later than
 * that. Dismissed, answered and the canary's enquiries never are. The same run counts each
 * enquiry still unanswered at 24 hours once (`promiseMissedAt`, the EnquiryPromiseMissed metric).
 */

/** How far back the reminder looks: a run that failed for days still reminds, once. */
export const REMINDER_LOOKBACK_DAYS = 7
/** When the reminder lists an unanswered enquiry, unless the stage says otherwise. */
export const DEFAULT_REMINDER_AFTER_HOURS = answerPromise.reminderAfterHours

const fields = [
  ...waitingFields,
  'answeredAt',
  'dismissedAt',
  'remindedAt',
  'promiseMissedAt',
  'emailSentAt',
] as const satisfies readonly (keyof Enquiry)[]
type Candidate = Pick<Enquiry, (typeof fields)[number] | 'id' | 'createdAt' | 'expiresAt'>

export interface ReminderDependencies extends StaffMailDependencies {
  /** @default DEFAULT_REMINDER_AFTER_HOURS */
  readonly afterHours?: number | undefined
  readonly metrics?: Metrics | undefined
}

export interface ReminderOutcome {
  /** How many enquiries the reminder listed (none: no e-mail). */
  readonly reminded: number
  /** How many were first seen unanswered at 24 hours by this run. */
  readonly promisesMissed: number
  readonly messageId?: string | undefined
}

const promiseMs = ANSWER_PROMISE_HOURS * 3_600_000

/** When its 24 hours end (or ended), in words. */
function promiseEnds(entry: Candidate, now: Date, timeZone: string | undefined): string {
  const end = Date.parse(entry.createdAt) + promiseMs
  return `Its 24 hours end${end <= now.getTime() ? 'ed' : ''} ${formatAgencyTime(new Date(end), timeZone)}.`
}

/**
 * What the reminder says of one enquiry in the inbox (or still being sent to it); a held or
 * undelivered one says why it waits, with its own links (`undefined` here).
 */
function said(entry: Candidate, late: string, timeZone: string | undefined) {
  switch (entry.emailStatus) {
    case 'pending':
      return {
        why: `Its e-mail to you is still being sent: whoever looks after the website has been told. ${late}`,
        links: [['answer', 'I have answered this']] as const,
      }
    case 'sent':
    case 'delivered':
      return {
        why: `In your inbox${entry.emailSentAt ? ` since ${formatAgencyTime(entry.emailSentAt, timeZone)}` : ''}: reply to its e-mail (that records the answer), or press the link below if you answered it another way. ${late}`,
        links: [['answer', 'I have answered this']] as const,
      }
    default:
      return undefined
  }
}

export function renderReminder(
  entries: readonly Candidate[],
  options: {
    readonly now: Date
    readonly links: ActionLinker
    readonly afterHours: number
    readonly timeZone?: string | undefined
  },
): RenderedEmail | undefined {
  if (entries.length === 0) return undefined
  const shown: ShownEntry[] = entries.map((entry) => {
    const late = promiseEnds(entry, options.now, options.timeZone)
    const own = said(entry, late, options.timeZone)
    if (own) return shownEntry(entry, options, own)
    const waiting = shownEntry(entry, options)
    return { ...waiting, why: `${waiting.why} ${late}` }
  })
  const subject = headerSafe(
    `Not answered yet: ${entries.length === 1 ? 'an enquiry' : `${entries.length} enquiries`} from more than ${options.afterHours} hours ago`,
  )
  const intro = [
    `The website promises every enquirer an answer within 24 hours. ${entries.length === 1 ? 'This enquiry' : 'These enquiries'} came in more than ${options.afterHours} hours ago and no answer has been recorded yet.`,
    'Answer by replying to the enquiry e-mail: the reply is recorded as the answer. If you answered another way (by phone, in another thread), press "I have answered this". Each enquiry is in this reminder once.',
  ]
  const text = [...intro, ...shown.flatMap((entry) => ['', ...entryText(entry)]), ''].join('\n')
  const html = emailDocument(
    subject,
    [...intro.map((line) => `<p>${escapeHtml(line)}</p>`), ...shown.map(entryHtml)].join(''),
  )
  return { subject, text, html }
}

/** One run: counts the promises missed, then e-mails the reminder of what is due, if anything. */
export async function sendReminder(
  deps: ReminderDependencies,
  signal?: AbortSignal,
): Promise<ReminderOutcome> {
  const now = deps.now()
  const afterHours = deps.afterHours ?? DEFAULT_REMINDER_AFTER_HOURS
  const due = new Date(now.getTime() - afterHours * 3_600_000)
  const from = new Date(due.getTime() - REMINDER_LOOKBACK_DAYS * 86_400_000)
  const unanswered = (
    await enquiriesCreatedBetween(deps.table, from, due, fields, now, signal)
  ).filter(awaitsAnswer)
  let promisesMissed = 0
  for (const entry of unanswered) {
    if (entry.promiseMissedAt || Date.parse(entry.createdAt) + promiseMs > now.getTime()) continue
    if (await markOnce(deps.table, entry.id, 'promiseMissedAt', now, signal)) {
      promisesMissed++
      countEnquiry(deps.metrics, 'EnquiryPromiseMissed')
    }
  }
  const toRemind = unanswered.filter((entry) => !entry.remindedAt)
  const rendered = renderReminder(toRemind, {
    now,
    links: deps.links(now),
    afterHours,
    timeZone: deps.addresses.agencyTimeZone,
  })
  if (!rendered) {
    deps.log({
      level: 'info',
      event: 'answer_reminder_none_due',
      promisesMissedCount: promisesMissed,
    })
    return { reminded: 0, promisesMissed }
  }
  const result = await deps.ses.send(
    new SendEmailCommand(staffEmailInput(rendered, deps.addresses)),
    {
      abortSignal: signal,
    },
  )
  // After SES took it: a run that stops in between reminds again (at least once, never never).
  for (const entry of toRemind) {
    if (await markOnce(deps.table, entry.id, 'remindedAt', now, signal)) {
      countEnquiry(deps.metrics, 'EnquiryReminded')
    }
  }
  deps.log({
    level: 'info',
    event: 'answer_reminder_sent',
    remindedCount: toRemind.length,
    promisesMissedCount: promisesMissed,
  })
  return { reminded: toRemind.length, promisesMissed, messageId: result.MessageId }
}
