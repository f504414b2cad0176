import { formatAgencyTime } from '#shared/agency-time.ts'
import { escapeHtml } from '../html-pages.ts'
import type { EnquiryAction } from './action-links.ts'
import { oneLine } from './email.ts'
import {
  ageInWords,
  checkedKeys,
  firstLine,
  type WaitingEntry,
  waitingReason,
  waitingSections,
} from './waiting.ts'

/**
 * One enquiry as staff's e-mails list it (the digest, the reminder): a heading with its
 * reference, age and time, who, the first line, why it is listed, and its signed links, in text
 * and in HTML. Links are built from its checked id alone.
 */

/** The signed link for one action on one enquiry (./action-links.ts). */
export type ActionLinker = (id: string, action: EnquiryAction) => string

export interface ShownEntry {
  readonly heading: string
  readonly who: string
  readonly firstLine: string
  readonly why: string
  /** Each action's words and link. */
  readonly actions: readonly { readonly label: string; readonly url: string }[]
}

/**
 * One listed enquiry as an e-mail (or page) shows it: heading, who, first line, why, its links.
 * A waiting one says why it waits and offers its section's links, unless `say` gives other
 * words and actions (the reminder's, for one in the inbox).
 */
export function shownEntry(
  entry: WaitingEntry,
  options: {
    readonly now: Date
    readonly links: ActionLinker
    readonly timeZone?: string | undefined
  },
  say?: { readonly why: string; readonly links: readonly (readonly [EnquiryAction, string])[] },
): ShownEntry {
  const keys = checkedKeys(entry)
  const section = waitingSections.find((candidate) =>
    (candidate.statuses as readonly string[]).includes(entry.emailStatus),
  )
  const links = say?.links ?? section?.links ?? []
  return {
    heading: `${keys?.ref ?? 'An enquiry'}, received ${ageInWords(options.now.getTime() - Date.parse(entry.createdAt))} (${formatAgencyTime(entry.createdAt, options.timeZone)})`,
    who: oneLine(`${entry.firstName} ${entry.lastName}, ${entry.company}`),
    firstLine: firstLine(entry.message),
    why: say?.why ?? `Why it is here: ${waitingReason(entry)}`,
    actions: keys
      ? links.map(([action, label]) => ({ label, url: options.links(keys.id, action) }))
      : [],
  }
}

/** One entry as text lines, indented under its heading. */
export function entryText(entry: ShownEntry): string[] {
  return [
    entry.heading,
    `  ${entry.who}`,
    `  "${entry.firstLine}"`,
    `  ${entry.why}`,
    ...entry.actions.map((action) => `  ${action.label}: ${action.url}`),
  ]
}

/** One entry as HTML: a block with its links. */
export function entryHtml(entry: ShownEntry): string {
  return (
    '<div style="border-left:4px solid #1f47cc;padding:4px 12px;margin:12px 0">' +
    `<p style="margin:0;font-weight:bold">${escapeHtml(entry.heading)}</p>` +
    `<p style="margin:0">${escapeHtml(entry.who)}</p>` +
    `<p style="margin:0;font-style:italic">“${escapeHtml(entry.firstLine)}”</p>` +
    `<p style="margin:0">${escapeHtml(entry.why)}</p>` +
    (entry.actions.length > 0
      ? `<p style="margin:8px 0 0">${entry.actions.map((action) => `<a href="${escapeHtml(action.url)}" style="display:inline-block;margin-right:16px;color:#1a3aa3;font-weight:bold">${escapeHtml(action.label)}</a>`).join('')}</p>`
      : '') +
    '</div>'
  )
}
