import { formatAgencyTime } from '#shared/agency-time.ts'
import type { ContactResult } from '../contact/responses.ts'
import { oneLine } from '../enquiries/email.ts'
import {
  ageInWords,
  checkedKeys,
  firstLine,
  type WaitingEntry,
  waitingReason,
  waitingSections,
} from '../enquiries/waiting.ts'
import { escapeHtml } from '../html-pages.ts'
import { html } from './pages.ts'

/**
 * The page of every enquiry waiting for the agency, however old (the digest lists the last
 * `digestListDays` in full; the weekly summary and the digest link here). A GET, which only
 * shows: each entry's own links open its confirmation page, where a button acts. Its links are
 * signed afresh as the page is made, so an old enquiry is never out of reach while a link to
 * this page works.
 */

/** Signs one action's link for one enquiry, as a path on the site's own origin. */
export type PageLinker = (id: string, action: 'release' | 'requeue' | 'dismiss') => string

export function waitingPage(
  entries: readonly WaitingEntry[],
  options: { readonly now: Date; readonly links: PageLinker; readonly timeZone?: string },
): ContactResult {
  const title = 'Enquiries waiting for you'
  const sections = waitingSections
    .map((section) => ({
      ...section,
      entries: entries.filter((entry) =>
        (section.statuses as readonly string[]).includes(entry.emailStatus),
      ),
    }))
    .filter((section) => section.entries.length > 0)
  const body =
    sections.length === 0
      ? '<p>Nothing is waiting: every enquiry reached your inbox, or was sent on or stopped being listed.</p>'
      : sections
          .map(
            (section) =>
              `<h2>${escapeHtml(section.title)} (${section.entries.length})</h2>
<p>${escapeHtml(section.intro)}</p>
<dl>${section.entries.map((entry) => item(entry, section.links, options)).join('')}</dl>`,
          )
          .join('\n')
  return html(
    200,
    title,
    `<h1>${title}</h1>
<p>As of ${escapeHtml(formatAgencyTime(options.now, options.timeZone))}, oldest first. Each link opens a page with one button: nothing happens until you press it.</p>
${body}`,
  )
}

function item(
  entry: WaitingEntry,
  links: readonly (readonly ['release' | 'requeue' | 'dismiss', string])[],
  options: { readonly now: Date; readonly links: PageLinker; readonly timeZone?: string },
): string {
  const keys = checkedKeys(entry)
  const heading = `${keys?.ref ?? 'An enquiry'}, received ${ageInWords(options.now.getTime() - Date.parse(entry.createdAt))} (${formatAgencyTime(entry.createdAt, options.timeZone)})`
  const actions = keys
    ? links
        .map(
          ([action, label]) =>
            `<a href="${escapeHtml(options.links(keys.id, action))}">${escapeHtml(label)}</a>`,
        )
        .join(' · ')
    : ''
  return `<dt>${escapeHtml(heading)}</dt><dd>${escapeHtml(oneLine(`${entry.firstName} ${entry.lastName}, ${entry.company}`))}<br>“${escapeHtml(firstLine(entry.message))}”<br>Why it is here: ${escapeHtml(waitingReason(entry))}${actions ? `<br>${actions}` : ''}</dd>`
}
