import type { SESClient } from '@aws-sdk/client-ses'
import { sendReminder } from '#functions/answer-watch/reminder.ts'
import { sendWeeklySummary } from '#functions/answer-watch/weekly.ts'
import { sendDigest } from '#functions/digest/send.ts'
import { actionLinker } from '#functions/enquiries/action-links.ts'
import type { EnquiryTableRef } from '#functions/enquiries/attention.ts'
import type { EmailAddresses } from '#functions/enquiries/email.ts'
import { type Logger, silentLogger } from '#functions/log.ts'

/**
 * The agency's scheduled e-mails, run now on the local stack with the deployed functions' own
 * code: the digest (functions/digest/), the reminder and the weekly summary
 * (functions/answer-watch/). The local pipeline runs them for its tests, and
 * `npm run enquiries -- digest | remind | weekly [--now ISO-TIME]` (send-staff-mail.ts) for a
 * person, to the running stack's mailbox.
 */
export type StaffMailJob = 'digest' | 'remind' | 'weekly'

export interface StaffMailTarget {
  readonly table: EnquiryTableRef
  readonly ses: SESClient
  readonly addresses: EmailAddresses
  /** The key the links are signed with, and the site they open on. */
  readonly key: string
  readonly siteUrl: string
  readonly stage?: string | undefined
  readonly log?: Logger | undefined
}

/** What one run did, in the words and counts a person reads. */
export interface StaffMailOutcome {
  readonly sent: boolean
  readonly summary: string
}

const plural = (count: number) => `${count} ${count === 1 ? 'enquiry' : 'enquiries'}`

export async function runStaffMail(
  job: StaffMailJob,
  target: StaffMailTarget,
  now: Date,
): Promise<StaffMailOutcome> {
  const deps = {
    table: target.table,
    ses: target.ses,
    addresses: target.addresses,
    log: target.log ?? silentLogger,
    now: () => now,
    links: (at: Date) =>
      actionLinker({
        key: target.key,
        stage: target.stage ?? 'local',
        siteUrl: target.siteUrl,
        now: at,
      }),
  }
  const to = target.addresses.agencyEmail
  if (job === 'digest') {
    const outcome = await sendDigest(deps)
    return outcome.listed === 0
      ? {
          sent: false,
          summary: `No digest sent: nothing new waits for the agency (${outcome.held + outcome.undelivered} waiting in all, each on the page of waiting enquiries).`,
        }
      : {
          sent: true,
          summary: `Sent the digest of ${plural(outcome.listed)} (${outcome.undelivered} not delivered, ${outcome.held} held as spam) to ${to}`,
        }
  }
  if (job === 'remind') {
    const outcome = await sendReminder(deps)
    const missed = `${plural(outcome.promisesMissed)} newly past 24 hours unanswered`
    return outcome.reminded === 0
      ? { sent: false, summary: `No reminder sent: nothing unanswered is due (${missed}).` }
      : {
          sent: true,
          summary: `Sent the reminder of ${plural(outcome.reminded)} not answered yet to ${to} (${missed})`,
        }
  }
  const { figures } = await sendWeeklySummary(deps)
  return {
    sent: true,
    summary: `Sent the weekly summary (${plural(figures.received)} received, ${figures.answeredInTime} answered within 24 hours) to ${to}`,
  }
}
