import {
  type AttentionStatus,
  attentionStatuses,
  enquiryRef,
  enquiryTable,
  needsAttention,
} from '#shared/enquiry-table.ts'
import type { EnquiryAction } from './action-links.ts'
import { type EnquiryTableRef, idsInIndex, readEnquiries } from './attention.ts'
import { oneLine } from './email.ts'
import { type Enquiry, isUuid } from './item.ts'

/**
 * The enquiries that wait for a person at the agency (held back as spam, or whose e-mail gave
 * up, bounced, was complained about or refused), as staff are shown them: by the digest, the
 * reminder and the page listing every one of them. Each entry: reference, age, name, company,
 * the message's first line, why it waits, and the actions its links offer. Never more than the
 * enquiry's own e-mail would carry (no address, phone or position, one line of the message);
 * every visitor field on one line (`oneLine`); links built from its checked id only.
 */

/**
 * What staff know an enquiry by, wherever they are shown it (the digest, the reminder, the pages
 * its links open): its reference, who sent it, from which company, what, and how its e-mail went.
 */
export const recognisedBy = [
  'ref',
  'firstName',
  'lastName',
  'company',
  'message',
  'emailStatus',
] as const satisfies readonly (keyof Enquiry)[]

/** The fields shown, read from the table for each waiting enquiry. */
export const waitingFields = [
  ...recognisedBy,
  'emailStatusAt',
  'emailStatusDetail',
  'emailAttempts',
  'spamReasons',
  'spamScore',
  'synthetic',
] as const satisfies readonly (keyof Enquiry)[]

export type WaitingEntry = Pick<
  Enquiry,
  (typeof waitingFields)[number] | 'id' | 'createdAt' | 'expiresAt'
>

/** Every enquiry in the `needs-attention` index, still unexpired, oldest first. */
export async function waitingEnquiries(
  table: EnquiryTableRef,
  now: Date,
  signal?: AbortSignal,
): Promise<WaitingEntry[]> {
  const ids: string[] = []
  for (const status of attentionStatuses) {
    ids.push(...(await idsInIndex(table, enquiryTable.attentionIndex, status, signal)))
  }
  const found = await readEnquiries(table, ids, waitingFields, now, signal)
  // The index lags the table: one released a moment ago is no longer waiting. The canary's
  // synthetic enquiries are its own to report (its alarm), never staff's.
  return found.filter((entry) => needsAttention(entry.emailStatus) && entry.synthetic !== true)
}

/** The two kinds of waiting enquiry, each with its words and its links' actions and labels. */
export const waitingSections = [
  {
    title: 'Not delivered',
    intro:
      'Each was stored safely, but its e-mail to you did not arrive: our mail service gave up, ' +
      'your inbox refused it, or it was marked as spam there.',
    statuses: ['gave-up', 'bounced', 'complained', 'rejected'],
    links: [
      ['requeue', 'Send it again'],
      ['dismiss', 'Stop listing it'],
    ],
  },
  {
    title: 'Held back as spam',
    intro:
      'Our spam check was sure these are spam, so they were kept out of your inbox. Any of them ' +
      'may still be a real enquiry: glance at each.',
    statuses: ['held'],
    links: [
      ['release', 'Send it to me'],
      ['dismiss', 'It is spam: stop listing it'],
    ],
  },
] as const satisfies readonly {
  readonly title: string
  readonly intro: string
  readonly statuses: readonly AttentionStatus[]
  readonly links: readonly (readonly [EnquiryAction, string])[]
}[]

/** Why an enquiry waits, in words. */
export function waitingReason(entry: WaitingEntry): string {
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
export function ageInWords(ms: number): string {
  const hours = Math.floor(ms / 3_600_000)
  if (hours < 1) return 'less than an hour ago'
  if (hours < 48) return `${hours} hour${hours === 1 ? '' : 's'} ago`
  return `${Math.floor(hours / 24)} days ago`
}

/** How much of a message's first line is shown. */
const FIRST_LINE_CHARACTERS = 120

/** The first line of the message with any text, shortened, invisible characters shown. */
export function firstLine(message: string): string {
  const line = message.split(/\r\n|\r|\n/).find((candidate) => candidate.trim() !== '') ?? ''
  const trimmed = line.trim()
  const short =
    [...trimmed].length > FIRST_LINE_CHARACTERS
      ? `${[...trimmed].slice(0, FIRST_LINE_CHARACTERS).join('').trimEnd()}…`
      : trimmed
  return oneLine(short)
}

/**
 * The id and reference links are built from, checked: only a stored id's shape and its 8 hex
 * digits, never anything a visitor typed. An entry failing the check is still listed, without
 * links.
 */
export function checkedKeys(entry: Pick<Enquiry, 'id'>): { id: string; ref: string } | undefined {
  if (!isUuid(entry.id)) return undefined
  const ref = enquiryRef(entry.id)
  return /^[0-9A-F]{8}$/.test(ref) ? { id: entry.id.toLowerCase(), ref } : undefined
}

/** When the entry started waiting: the last change of its e-mail status. */
export function waitingSince(entry: WaitingEntry): number {
  return Date.parse(entry.emailStatusAt ?? entry.createdAt) || Date.parse(entry.createdAt)
}
