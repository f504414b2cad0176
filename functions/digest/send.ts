import { SendEmailCommand } from '@aws-sdk/client-ses'
import { headerSafe, type RenderedEmail } from '../enquiries/email.ts'
import { type StaffMailDependencies, staffEmailInput } from '../enquiries/staff-email.ts'
import { waitingEnquiries } from '../enquiries/waiting.ts'
import { escapeHtml } from '../html-pages.ts'
import { errorName } from '../log.ts'
import { renderDigest } from './digest.ts'

/**
 * Sending the digest (rendered by digest.ts): to the agency inbox, and, when that inbox itself
 * refused mail, a copy to the stage's second address. The schedule
 * (infra/constructs/attention-digest.ts) and `npm run enquiries -- digest` both run `sendDigest`.
 */

/**
 * The copy for the stage's second address (`digestCopyTo`) when the agency inbox itself refused
 * an enquiry e-mail (bounced, or marked as spam): the digest to that inbox may be refused too.
 */
export function refusedInboxCopy(
  rendered: RenderedEmail,
  agencyEmail: string,
  refused: number,
): RenderedEmail {
  const notice = `The agency inbox ${headerSafe(agencyEmail)} itself refused mail: ${refused === 1 ? 'an enquiry e-mail to it was' : `${refused} enquiry e-mails to it were`} bounced or marked as spam there. This copy of its digest comes to you because the one sent there may be refused too. Check that inbox (full, blocked, a rule or a junk filter), then use "Send it again" below.`
  return {
    subject: headerSafe(`The agency inbox refused mail: ${rendered.subject}`),
    text: `${notice}\n\n${rendered.text}`,
    html: rendered.html.replace(
      '<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1a202c">',
      (body) =>
        `${body}<p style="border:2px solid #c53030;padding:8px 12px;font-weight:bold">${escapeHtml(notice)}</p>`,
    ),
  }
}

export interface DigestDependencies extends StaffMailDependencies {
  /** @default DEFAULT_LIST_DAYS */
  readonly listDays?: number | undefined
  /**
   * A second address that also gets the digest when the agency inbox itself refused mail.
   * @default - none: the ops topic's bounce and complaint alarms are the other channel
   */
  readonly copyTo?: string | undefined
}

export interface DigestOutcome {
  /** How many enquiries it listed (none: no e-mail was sent). */
  readonly listed: number
  readonly held: number
  readonly undelivered: number
  readonly messageId?: string | undefined
  /** The copy to `copyTo`, when one was sent. */
  readonly copyMessageId?: string | undefined
  /** A copy to `copyTo` was due and SES did not take it (the digest itself went). */
  readonly copyFailed?: boolean
}

/**
 * Reads what waits and e-mails the digest of it, when it lists anything in full. Throws when it
 * cannot, and only then: once the digest is sent, a failed copy is told (`copyFailed`, an error
 * line), not thrown, since a retry of the run would send the inbox the same digest again.
 */
export async function sendDigest(
  deps: DigestDependencies,
  signal?: AbortSignal,
): Promise<DigestOutcome> {
  const now = deps.now()
  const entries = await waitingEnquiries(deps.table, now, signal)
  const held = entries.filter((entry) => entry.emailStatus === 'held').length
  const counts = { listed: entries.length, held, undelivered: entries.length - held }
  const rendered = renderDigest(entries, {
    now,
    links: deps.links(now),
    listDays: deps.listDays,
    timeZone: deps.addresses.agencyTimeZone,
  })
  if (!rendered) {
    deps.log({ level: 'info', event: 'attention_digest_empty', waitingCount: entries.length })
    return { ...counts, listed: 0 }
  }
  const result = await deps.ses.send(
    new SendEmailCommand(staffEmailInput(rendered, deps.addresses)),
    { abortSignal: signal },
  )
  deps.log({
    level: 'info',
    event: 'attention_digest_sent',
    heldCount: held,
    undeliveredCount: counts.undelivered,
  })
  const refused = entries.filter(
    (entry) => entry.emailStatus === 'bounced' || entry.emailStatus === 'complained',
  ).length
  const sent = { ...counts, messageId: result.MessageId }
  if (!deps.copyTo || refused === 0) return sent
  try {
    const copy = await deps.ses.send(
      new SendEmailCommand(
        staffEmailInput(
          refusedInboxCopy(rendered, deps.addresses.agencyEmail, refused),
          deps.addresses,
          deps.copyTo,
        ),
      ),
      { abortSignal: signal },
    )
    deps.log({ level: 'info', event: 'attention_digest_copy_sent', refusedCount: refused })
    return { ...sent, copyMessageId: copy.MessageId }
  } catch (error) {
    deps.log({
      level: 'error',
      event: 'attention_digest_copy_failed',
      refusedCount: refused,
      errorName: errorName(error),
    })
    return { ...sent, copyFailed: true }
  }
}
