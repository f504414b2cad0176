import { formatAgencyTime } from '#shared/agency-time.ts'
import type { ContactResult } from '../contact/responses.ts'
import { type ActionLinker, shownEntry } from '../enquiries/entry-email.ts'
import { type WaitingEntry, waitingSections } from '../enquiries/waiting.ts'
import { escapeHtml } from '../html-pages.ts'
import { html } from './pages.ts'

/**
 * The page of every enquiry waiting for the agency, however old (the digest lists the last
 * `digestListDays` in full; the digest and the weekly summary link here). A GET, which only
 * shows: each entry's own links open its confirmation page, where a button acts. Its links are
 * signed afresh as the page is made, so an old enquiry is never out of reach while a link to
 * this page works.
 */
export function waitingPage(
  entries: readonly WaitingEntry[],
  options: { readonly now: Date; readonly links: ActionLinker; readonly timeZone?: string },
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
  const item = (entry: WaitingEntry) => {
    const shown = shownEntry(entry, options)
    const links = shown.actions
      .map((action) => `<a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a>`)
      .join(' · ')
    return `<dt>${escapeHtml(shown.heading)}</dt><dd>${escapeHtml(shown.who)}<br>“${escapeHtml(shown.firstLine)}”<br>${escapeHtml(shown.why)}${links ? `<br>${links}` : ''}</dd>`
  }
  const body =
    sections.length === 0
      ? '<p>Nothing is waiting: every enquiry reached your inbox, or was sent on, or stopped being listed.</p>'
      : sections
          .map(
            (section) =>
              `<h2>${escapeHtml(section.title)} (${section.entries.length})</h2>
<p>${escapeHtml(section.intro)}</p>
<dl>${section.entries.map(item).join('')}</dl>`,
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
