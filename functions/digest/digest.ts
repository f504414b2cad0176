import { type SESClient, SendEmailCommand, type SendEmailCommandInput } from '@aws-sdk/client-ses'
import {
  type AttentionStatus,
  attentionStatuses,
  enquiryTable,
  needsAttention,
} from '../../shared/enquiry-table.ts'
import { type EnquiryTableRef, idsInIndex, readEnquiries } from '../enquiries/attention.ts'
import {
  type EmailAddresses,
  escapeHtml,
  headerSafe,
  type RenderedEmail,
  visibleText,
} from '../enquiries/email.ts'
import { type Enquiry, wellFormed } from '../enquiries/item.ts'
import type { Logger } from '../log.ts'

/**
 * The digest to the agency's inbox of every enquiry nobody there has seen: held back as spam,
 * or whose e-mail gave up, bounced, was complained about or refused. Staff read e-mail, not ops
 * commands: without it, such an enquiry is lost to them. It carries each enquiry's reference,
 * age, name, company and first line, why it is listed, and the command that sends it on: never
 * more than the enquiry's own e-mail would (no address, phone or position, one line of the
 * message). Nothing is sent when nothing waits. The schedule (infra/constructs/attention-digest.ts)
 * and `npm run enquiries -- digest` both run `sendDigest`.
 */

/** The fields a digest shows, read from the table for each listed enquiry. */
const digestFields = [
  'ref',
  'firstName',
  'lastName',
  'company',
  'message',
  'emailStatus',
  'emailStatusDetail',
  'emailAttempts',
  'spamReasons',
  'spamScore',
  'synthetic',
] as const satisfies readonly (keyof Enquiry)[]

export type DigestEntry = Pick<
  Enquiry,
  (typeof digestFields)[number] | 'id' | 'createdAt' | 'expiresAt'
>

/** Listed per section at most; the rest are counted, with the command that lists them all. */
export const MAX_LISTED = 50
/** How much of a message's first line is shown. */
const FIRST_LINE_CHARACTERS = 120

/** Where the commands in the digest run: a deployed table, or (without one) the local stack. */
export interface DigestTarget {
  readonly table?: string | undefined
  readonly region?: string | undefined
}

/** Every enquiry in the `needs-attention` index, still unexpired, oldest first. */
export async function enquiriesForDigest(
  table: EnquiryTableRef,
  now: Date,
  signal?: AbortSignal,
): Promise<DigestEntry[]> {
  const ids: string[] = []
  for (const status of attentionStatuses) {
    ids.push(...(await idsInIndex(table, enquiryTable.attentionIndex, status, signal)))
  }
  const found = await readEnquiries(table, ids, digestFields, now, signal)
  // The index lags the table: one released a moment ago is no longer waiting. The canary's
  // synthetic enquiries are its own to report (its alarm), never staff's.
  return found.filter((entry) => needsAttention(entry.emailStatus) && entry.synthetic !== true)
}

const sections = [
  {
    title: 'Not delivered',
    intro:
      'Each was stored safely, but its e-mail to you did not arrive: our mail service gave up, ' +
      'your inbox refused it, or it was marked as spam there.',
    statuses: ['gave-up', 'bounced', 'complained', 'rejected'],
    command: 'requeue',
    action: 'To have it sent again',
    listAll: 'list --undelivered',
  },
  {
    title: 'Held back as spam',
    intro:
      'Our spam check was sure these are spam, so they were kept out of your inbox. Any of them ' +
      'may still be a real enquiry: glance at each.',
    statuses: ['held'],
    command: 'release',
    action: 'To have it sent to you after all',
    listAll: 'list --spam',
  },
] as const satisfies readonly {
  readonly statuses: readonly AttentionStatus[]
  readonly [key: string]: unknown
}[]

/** Why an enquiry is listed, in words. */
function reason(entry: DigestEntry): string {
  const detail = entry.emailStatusDetail ? ` (${visibleText(entry.emailStatusDetail)})` : ''
  switch (entry.emailStatus) {
    case 'gave-up':
      return `our mail service could not send it after ${entry.emailAttempts} attempts. Re-send it once the cause is fixed.`
    case 'bounced':
      return `your inbox refused it${detail}: check the mailbox is not full and no rule blocks it, then re-send it.`
    case 'complained':
      return `it was marked as spam in your inbox${detail}: look in the junk folder, or re-send it.`
    case 'rejected':
      return `our mail service refused to send it${detail}. Re-send it; if it is refused again, tell whoever looks after the website.`
    default:
      return `${(entry.spamReasons ?? []).map(visibleText).join('; ')} (spam score ${entry.spamScore}).`
  }
}

/** How long ago, as a person says it. */
function ageInWords(ms: number): string {
  const hours = Math.floor(ms / 3_600_000)
  if (hours < 1) return 'less than an hour ago'
  if (hours < 48) return `${hours} hour${hours === 1 ? '' : 's'} ago`
  return `${Math.floor(hours / 24)} days ago`
}

/** The first line of the message with any text, shortened, invisible characters shown. */
function firstLine(message: string): string {
  const line = message.split(/\r\n|\r|\n/).find((candidate) => candidate.trim() !== '') ?? ''
  const trimmed = line.trim()
  const short =
    [...trimmed].length > FIRST_LINE_CHARACTERS
      ? `${[...trimmed].slice(0, FIRST_LINE_CHARACTERS).join('').trimEnd()}…`
      : trimmed
  return visibleText(short)
}

/** The ops command, as its runner types it: for the deployed table, or the local stack's. */
function command(words: string, target: DigestTarget): string {
  const table = target.table ? ` --table ${target.table}` : ''
  const region = target.table && target.region ? ` --region ${target.region}` : ''
  return `npm run enquiries -- ${words}${table}${region}`
}

interface ShownEntry {
  readonly heading: string
  readonly who: string
  readonly firstLine: string
  readonly why: string
  readonly action: string
  readonly command: string
}

/**
 * The digest's subject and bodies for `entries`, or `undefined` when there are none (no e-mail
 * that says nothing).
 */
export function renderDigest(
  entries: readonly DigestEntry[],
  options: { readonly now: Date; readonly target: DigestTarget },
): RenderedEmail | undefined {
  if (entries.length === 0) return undefined
  const shown = sections.map((section) => {
    const listed = entries.filter((entry) =>
      (section.statuses as readonly string[]).includes(entry.emailStatus),
    )
    return {
      ...section,
      total: listed.length,
      entries: listed.slice(0, MAX_LISTED).map(
        (entry): ShownEntry => ({
          heading: `${entry.ref}, received ${ageInWords(options.now.getTime() - Date.parse(entry.createdAt))} (${new Date(entry.createdAt).toUTCString()})`,
          who: visibleText(`${entry.firstName} ${entry.lastName}, ${entry.company}`),
          firstLine: firstLine(entry.message),
          why: `Why it is here: ${reason(entry)}`,
          action: `${section.action}:`,
          command: command(`${section.command} ${entry.ref}`, options.target),
        }),
      ),
      more:
        listed.length > MAX_LISTED
          ? `And ${listed.length - MAX_LISTED} more: ${command(section.listAll, options.target)}`
          : undefined,
    }
  })
  const counts = shown
    .filter((section) => section.total > 0)
    .map((section) => `${section.total} ${section.title.toLowerCase()}`)
  const subject = headerSafe(
    `${entries.length === 1 ? 'An enquiry is' : `${entries.length} enquiries are`} waiting for you: ${counts.join(', ')}`,
  )
  const intro = [
    'These enquiries came through the website but have not reached this inbox as e-mails of their own.',
    'Each one is listed here, every time, until it is sent to you or deleted (3 years after it was sent, or on request).',
    'To have one sent to you as a normal enquiry e-mail you can reply to, ask whoever looks after the website to run the command shown under it.',
  ]

  const text = [
    ...intro,
    ...shown
      .filter((section) => section.total > 0)
      .flatMap((section) => [
        '',
        `${section.title.toUpperCase()} (${section.total})`,
        section.intro,
        ...section.entries.flatMap((entry) => [
          '',
          entry.heading,
          `  ${entry.who}`,
          `  "${entry.firstLine}"`,
          `  ${entry.why}`,
          `  ${entry.action} ${entry.command}`,
        ]),
        ...(section.more ? ['', section.more] : []),
      ]),
    '',
  ].join('\n')

  const html = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1a202c">',
    ...intro.map((line) => `<p>${escapeHtml(line)}</p>`),
    ...shown
      .filter((section) => section.total > 0)
      .flatMap((section) => [
        `<h2 style="font-size:18px;margin-top:24px">${escapeHtml(section.title)} (${section.total})</h2>`,
        `<p>${escapeHtml(section.intro)}</p>`,
        ...section.entries.map(
          (entry) =>
            '<div style="border-left:4px solid #1f47cc;padding:4px 12px;margin:12px 0">' +
            `<p style="margin:0;font-weight:bold">${escapeHtml(entry.heading)}</p>` +
            `<p style="margin:0">${escapeHtml(entry.who)}</p>` +
            `<p style="margin:0;font-style:italic">“${escapeHtml(entry.firstLine)}”</p>` +
            `<p style="margin:0">${escapeHtml(entry.why)}</p>` +
            `<p style="margin:0">${escapeHtml(entry.action)} <code>${escapeHtml(entry.command)}</code></p>` +
            '</div>',
        ),
        ...(section.more ? [`<p>${escapeHtml(section.more)}</p>`] : []),
      ]),
    '</body></html>',
  ].join('')
  return { subject, text, html }
}

/** SES v1 `SendEmail`, the enquiry e-mails' way: from the verified sender to the agency inbox. */
export function digestEmailInput(
  rendered: RenderedEmail,
  addresses: EmailAddresses,
): SendEmailCommandInput {
  return {
    Source: headerSafe(addresses.senderEmail),
    Destination: { ToAddresses: [headerSafe(addresses.agencyEmail)] },
    Message: {
      Subject: { Data: wellFormed(rendered.subject), Charset: 'UTF-8' },
      Body: {
        Text: { Data: wellFormed(rendered.text), Charset: 'UTF-8' },
        Html: { Data: wellFormed(rendered.html), Charset: 'UTF-8' },
      },
    },
    // Its delivery is reported like an enquiry e-mail's: a bounce of it pages ops too.
    ...(addresses.sesConfigurationSet && {
      ConfigurationSetName: addresses.sesConfigurationSet,
    }),
  }
}

export interface DigestDependencies {
  readonly table: EnquiryTableRef
  readonly ses: SESClient
  readonly addresses: EmailAddresses
  readonly target: DigestTarget
  readonly log: Logger
  readonly now: () => Date
}

export interface DigestOutcome {
  /** How many enquiries it listed (none: no e-mail was sent). */
  readonly listed: number
  readonly held: number
  readonly undelivered: number
  readonly messageId?: string | undefined
}

/** Reads what waits and e-mails the digest of it, if anything waits. Throws when it cannot. */
export async function sendDigest(
  deps: DigestDependencies,
  signal?: AbortSignal,
): Promise<DigestOutcome> {
  const now = deps.now()
  const entries = await enquiriesForDigest(deps.table, now, signal)
  const held = entries.filter((entry) => entry.emailStatus === 'held').length
  const counts = { listed: entries.length, held, undelivered: entries.length - held }
  const rendered = renderDigest(entries, { now, target: deps.target })
  if (!rendered) {
    deps.log({ level: 'info', event: 'attention_digest_empty' })
    return counts
  }
  const result = await deps.ses.send(
    new SendEmailCommand(digestEmailInput(rendered, deps.addresses)),
    { abortSignal: signal },
  )
  deps.log({
    level: 'info',
    event: 'attention_digest_sent',
    heldCount: held,
    undeliveredCount: counts.undelivered,
  })
  return { ...counts, messageId: result.MessageId }
}
