import { enquiryActionsApi } from '#shared/enquiry-actions.ts'
import { headerSafe, type RenderedEmail } from '../enquiries/email.ts'
import { type ActionLinker, entryHtml, entryText, shownEntry } from '../enquiries/entry-email.ts'
import { type WaitingEntry, waitingSections, waitingSince } from '../enquiries/waiting.ts'
import { emailDocument, escapeHtml } from '../html-pages.ts'

/**
 * The digest to the agency's inbox of every enquiry nobody there has seen: held back as spam,
 * or whose e-mail gave up, bounced, was complained about or refused
 * (functions/enquiries/waiting.ts). Staff read e-mail, never a command: each entry carries signed
 * links to act on it (send it, stop listing it: functions/enquiry-actions/), and whatever is not
 * listed in full (waiting longer than a stage's `digestListDays`, or past the first 50) is one
 * signed link away, on the page of every waiting enquiry. A digest is sent only when it lists
 * something in full: one that could only repeat "still waiting" every day would teach staff to
 * ignore it (the weekly summary links to that page too). The schedule
 * (infra/constructs/attention-digest.ts) and `npm run enquiries -- digest` both run `sendDigest`.
 */

export type DigestEntry = WaitingEntry

/** Listed per section at most; the rest are counted, with the link to the page of them all. */
export const MAX_LISTED = 50
/** How long an enquiry is listed in full, from when it started waiting (a stage setting). */
export const DEFAULT_LIST_DAYS = enquiryActionsApi.listDays

export interface DigestOptions {
  readonly now: Date
  /** Signs each entry's links, and the link to the page of every waiting enquiry. */
  readonly links: ActionLinker
  /** @default DEFAULT_LIST_DAYS */
  readonly listDays?: number | undefined
  /** Where staff read times. @default DEFAULT_AGENCY_TIME_ZONE */
  readonly timeZone?: string | undefined
}

/** The words of the link to the page of every waiting enquiry. */
export const WAITING_LINK_LABEL = 'See every waiting enquiry'

/**
 * The digest's subject and bodies for `entries`, or `undefined` when it would list none in full
 * (nothing new to act on: no e-mail that only repeats a count).
 */
export function renderDigest(
  entries: readonly DigestEntry[],
  options: DigestOptions,
): RenderedEmail | undefined {
  const listDays = options.listDays ?? DEFAULT_LIST_DAYS
  const cutoff = options.now.getTime() - listDays * 86_400_000
  const waitingLink = options.links('', 'waiting')
  const shown = waitingSections.map((section) => {
    const all = entries.filter((entry) =>
      (section.statuses as readonly string[]).includes(entry.emailStatus),
    )
    const recent = all.filter((entry) => waitingSince(entry) >= cutoff)
    const older = all.length - recent.length
    return {
      ...section,
      total: all.length,
      entries: recent.slice(0, MAX_LISTED).map((entry) => shownEntry(entry, options)),
      more: [
        ...(recent.length > MAX_LISTED
          ? [`And ${recent.length - MAX_LISTED} more, on the page of every waiting enquiry.`]
          : []),
        ...(older > 0
          ? [
              `And ${older} waiting longer than ${listDays} days, no longer listed here: they are on the page of every waiting enquiry.`,
            ]
          : []),
      ],
    }
  })
  if (shown.every((section) => section.entries.length === 0)) return undefined
  const counts = shown
    .filter((section) => section.total > 0)
    .map((section) => `${section.total} ${section.title.toLowerCase()}`)
  const subject = headerSafe(
    `${entries.length === 1 ? 'An enquiry is' : `${entries.length} enquiries are`} waiting for you: ${counts.join(', ')}`,
  )
  const intro = [
    'These enquiries came through the website but have not reached this inbox as e-mails of their own.',
    'Under each one are links: "Send it to me" (or "Send it again") e-mails it to this inbox as a normal enquiry you can reply to; "Stop listing it" takes it off this list. Each link opens a page on the website with one button: nothing happens until you press it.',
    `Each one is listed here for ${listDays} days from when it started waiting; every enquiry still waiting, however old, is on the page "${WAITING_LINK_LABEL}" links to (the weekly summary links to it too). An enquiry is deleted 3 years after it was sent, or on request.`,
  ]
  const waitingLine = `${WAITING_LINK_LABEL}: ${waitingLink}`

  const listed = shown.filter((section) => section.total > 0)
  const text = [
    ...intro,
    ...listed.flatMap((section) => [
      '',
      `${section.title.toUpperCase()} (${section.total})`,
      section.intro,
      ...section.entries.flatMap((entry) => ['', ...entryText(entry)]),
      ...section.more.flatMap((line) => ['', line]),
    ]),
    '',
    waitingLine,
    '',
  ].join('\n')

  const html = emailDocument(
    subject,
    [
      ...intro.map((line) => `<p>${escapeHtml(line)}</p>`),
      ...listed.flatMap((section) => [
        `<h2 style="font-size:18px;margin-top:24px">${escapeHtml(section.title)} (${section.total})</h2>`,
        `<p>${escapeHtml(section.intro)}</p>`,
        ...section.entries.map(entryHtml),
        ...section.more.map((line) => `<p>${escapeHtml(line)}</p>`),
      ]),
      `<p style="margin-top:24px"><a href="${escapeHtml(waitingLink)}" style="color:#1a3aa3;font-weight:bold">${WAITING_LINK_LABEL}</a></p>`,
    ].join(''),
  )
  return { subject, text, html }
}
