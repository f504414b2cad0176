import { enquiryActionsApi } from '#shared/enquiry-actions.ts'
import {
  type AttentionStatus,
  attentionStatuses,
  enquiryRef,
  enquiryTable,
  needsAttention,
} from '#shared/enquiry-table.ts'
import { type EnquiryTableRef, idsInIndex, readEnquiries } from '../enquiries/attention.ts'
import { headerSafe, oneLine, type RenderedEmail } from '../enquiries/email.ts'
import { type Enquiry, isUuid } from '../enquiries/item.ts'
import type { EnquiryAction } from '../enquiry-actions/links.ts'
import { emailDocument, escapeHtml } from '../html-pages.ts'

/**
 * The digest to the agency's inbox of every enquiry nobody there has seen: held back as spam,
 * or whose e-mail gave up, bounced, was complained about or refused. Staff read e-mail, not ops
 * commands: without it, such an enquiry is lost to them. It carries each enquiry's reference,
 * age, name, company and first line, why it is listed, and signed links to act on it (send it,
 * stop listing it: functions/enquiry-actions/): never more than the enquiry's own e-mail would
 * (no address, phone or position, one line of the message). An enquiry is listed in full for a
 * stage's `digestListDays`, then only counted; one dismissed is not listed. Every visitor field
 * is one line (`oneLine`), and links and commands are built from the enquiry's id and reference
 * only, checked first, never from its text. Nothing is sent when nothing waits. The schedule (infra/constructs/attention-digest.ts)
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
  'emailStatusAt',
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
/** How long an enquiry is listed in full, from when it started waiting (a stage setting). */
export const DEFAULT_LIST_DAYS = enquiryActionsApi.listDays
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
    links: [
      ['requeue', 'Send it again'],
      ['dismiss', 'Stop listing it'],
    ],
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
    links: [
      ['release', 'Send it to me'],
      ['dismiss', 'It is spam: stop listing it'],
    ],
    listAll: 'list --spam',
  },
] as const satisfies readonly {
  readonly statuses: readonly AttentionStatus[]
  readonly links: readonly (readonly [EnquiryAction, string])[]
  readonly [key: string]: unknown
}[]

/** Why an enquiry is listed, in words. */
function reason(entry: DigestEntry): string {
  const detail = entry.emailStatusDetail ? ` (${oneLine(entry.emailStatusDetail)})` : ''
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
      return `${(entry.spamReasons ?? []).map(oneLine).join('; ')} (spam score ${entry.spamScore}).`
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
  return oneLine(short)
}

/** The ops command, as its runner types it: for the deployed table, or the local stack's. */
function command(words: string, target: DigestTarget): string {
  const table = target.table ? ` --table ${target.table}` : ''
  const region = target.table && target.region ? ` --region ${target.region}` : ''
  return `npm run enquiries -- ${words}${table}${region}`
}

/** The signed link for one action on one enquiry (functions/enquiry-actions/links.ts). */
export type ActionLinker = (id: string, action: EnquiryAction) => string

export interface DigestOptions {
  readonly now: Date
  readonly target: DigestTarget
  /** Signs each entry's links; without it (no key, no site) the ops commands are shown instead. */
  readonly links?: ActionLinker | undefined
  /** @default DEFAULT_LIST_DAYS */
  readonly listDays?: number | undefined
}

interface ShownEntry {
  readonly heading: string
  readonly who: string
  readonly firstLine: string
  readonly why: string
  /** Each action's words and link; or, without links, the ops command. */
  readonly actions: readonly { readonly label: string; readonly url: string }[]
  readonly command?: { readonly label: string; readonly command: string } | undefined
}

/**
 * The id and reference the links and commands are built from, checked: only a stored id's
 * shape and its 8 hex digits, never anything a visitor typed. An entry failing the check is
 * still listed, without links.
 */
function checkedKeys(entry: DigestEntry): { id: string; ref: string } | undefined {
  if (!isUuid(entry.id)) return undefined
  const ref = enquiryRef(entry.id)
  return /^[0-9A-F]{8}$/.test(ref) ? { id: entry.id.toLowerCase(), ref } : undefined
}

/** When the entry started waiting: the last change of its e-mail status. */
function waitingSince(entry: DigestEntry): number {
  return Date.parse(entry.emailStatusAt ?? entry.createdAt) || Date.parse(entry.createdAt)
}

/**
 * The digest's subject and bodies for `entries`, or `undefined` when there are none (no e-mail
 * that says nothing).
 */
export function renderDigest(
  entries: readonly DigestEntry[],
  options: DigestOptions,
): RenderedEmail | undefined {
  if (entries.length === 0) return undefined
  const listDays = options.listDays ?? DEFAULT_LIST_DAYS
  const cutoff = options.now.getTime() - listDays * 86_400_000
  const shown = sections.map((section) => {
    const all = entries.filter((entry) =>
      (section.statuses as readonly string[]).includes(entry.emailStatus),
    )
    const recent = all.filter((entry) => waitingSince(entry) >= cutoff)
    const older = all.length - recent.length
    return {
      ...section,
      total: all.length,
      entries: recent.slice(0, MAX_LISTED).map((entry): ShownEntry => {
        const keys = checkedKeys(entry)
        return {
          heading: `${keys?.ref ?? 'An enquiry'}, received ${ageInWords(options.now.getTime() - Date.parse(entry.createdAt))} (${new Date(entry.createdAt).toUTCString()})`,
          who: oneLine(`${entry.firstName} ${entry.lastName}, ${entry.company}`),
          firstLine: firstLine(entry.message),
          why: `Why it is here: ${reason(entry)}`,
          actions:
            keys && options.links
              ? section.links.map(([action, label]) => ({
                  label,
                  url: (options.links as ActionLinker)(keys.id, action),
                }))
              : [],
          command:
            keys && !options.links
              ? {
                  label: section.action,
                  command: command(`${section.command} ${keys.ref}`, options.target),
                }
              : undefined,
        }
      }),
      more: [
        ...(recent.length > MAX_LISTED
          ? [`And ${recent.length - MAX_LISTED} more: ${command(section.listAll, options.target)}`]
          : []),
        ...(older > 0
          ? [
              `And ${older} waiting longer than ${listDays} days, no longer listed here: ${command(section.listAll, options.target)}`,
            ]
          : []),
      ],
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
    options.links
      ? 'Under each one are links: "Send it to me" (or "Send it again") e-mails it to this inbox as a normal enquiry you can reply to; "Stop listing it" takes it off this list. Each link opens a page on the website with one button: nothing happens until you press it.'
      : 'To have one sent to you as a normal enquiry e-mail you can reply to, ask whoever looks after the website to run the command shown under it.',
    `Each one is listed for ${listDays} days, then only counted. An enquiry is deleted 3 years after it was sent, or on request.`,
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
          ...entry.actions.map((action) => `  ${action.label}: ${action.url}`),
          ...(entry.command ? [`  ${entry.command.label}: ${entry.command.command}`] : []),
        ]),
        ...section.more.flatMap((line) => ['', line]),
      ]),
    '',
  ].join('\n')

  const html = emailDocument(
    subject,
    [
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
              (entry.actions.length > 0
                ? `<p style="margin:8px 0 0">${entry.actions.map((action) => `<a href="${escapeHtml(action.url)}" style="display:inline-block;margin-right:16px;color:#1a3aa3;font-weight:bold">${escapeHtml(action.label)}</a>`).join('')}</p>`
                : '') +
              (entry.command
                ? `<p style="margin:0">${escapeHtml(entry.command.label)}: <code>${escapeHtml(entry.command.command)}</code></p>`
                : '') +
              '</div>',
          ),
          ...section.more.map((line) => `<p>${escapeHtml(line)}</p>`),
        ]),
    ].join(''),
  )
  return { subject, text, html }
}
