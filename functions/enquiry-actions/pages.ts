import { formatAgencyTime } from '#shared/agency-time.ts'
import type { ContactResult } from '../contact/responses.ts'
import { actionsPath, type EnquiryAction, tokenParameter } from '../enquiries/action-links.ts'
import { oneLine } from '../enquiries/email.ts'
import type { Enquiry } from '../enquiries/item.ts'
import { firstLine, recognisedBy } from '../enquiries/waiting.ts'
import { escapeHtml, standalonePage } from '../html-pages.ts'

/**
 * The pages a link in the agency's e-mails opens: plain HTML with the site's look and no script
 * (as the contact form's answers, functions/contact/form-pages.ts), so they work in any mail
 * client's browser. The link's page only names the enquiry and holds one button; the button's
 * POST acts. Every refusal says why in words and what to do instead. Times are the agency's.
 */

/**
 * What a page shows of the enquiry: never more than the digest already did, and its state (when
 * it ends, whether it was answered or dismissed) for the page's words.
 */
export const shownFields = [
  'id',
  ...recognisedBy,
  'expiresAt',
  'answeredAt',
  'answeredBy',
  'answeredVia',
  'dismissedAt',
] as const satisfies readonly (keyof Enquiry)[]
export type ShownEnquiry = Pick<Enquiry, (typeof shownFields)[number]>

/** The actions a page offers a button for (the waiting list is a page of links only). */
export type PressedAction = Exclude<EnquiryAction, 'waiting'>

/** Each action's question, button and answer, by the enquiry's state. */
export const actionCopy = {
  release: {
    question: 'Send this enquiry to you?',
    explain:
      'It was held back as spam. Press the button and it is e-mailed to this inbox as a normal enquiry within a few minutes: reply to that e-mail to answer the enquirer.',
    button: 'Send it to me',
    done: 'It is on its way',
    doneText:
      'The enquiry e-mail will arrive in your inbox within a few minutes. Reply to it to answer the enquirer. It will not be listed in the digest again.',
    already: 'This enquiry was already sent to you',
  },
  requeue: {
    question: 'Send this enquiry again?',
    explain:
      'Its e-mail did not reach you. Press the button and it is e-mailed again within a few minutes. If your inbox refused it, check first that the mailbox is not full and no rule blocks it.',
    button: 'Send it again',
    done: 'It is on its way again',
    doneText:
      'The enquiry e-mail will be sent again within a few minutes. If it does not arrive, it will be listed in the next digest.',
    already: 'This enquiry was already sent again',
  },
  dismiss: {
    question: 'Stop listing this enquiry?',
    explain:
      'It will no longer be listed in the digest. Nothing is sent and nothing is deleted: it is kept until its 3 years are up, like every enquiry, and is still included if its sender asks for their data.',
    button: 'Stop listing it',
    spamButton: 'It is spam: stop listing it',
    done: 'It will not be listed again',
    doneText:
      'Nothing was sent and nothing was deleted. It is kept until its 3 years are up and then deleted automatically.',
    already: 'This enquiry is already no longer listed',
  },
  answer: {
    question: 'Mark this enquiry as answered?',
    explain:
      'For an enquiry you answered another way than by replying to its e-mail (by phone, in another e-mail thread, in person). Press the button to record that it was answered: it then drops out of the reminder of unanswered enquiries and counts as answered in the weekly summary. Nothing is sent to the enquirer.',
    button: 'I have answered this',
    done: 'Marked as answered',
    doneText:
      'It will not be in the reminder of unanswered enquiries. Nothing was sent to the enquirer.',
    already: 'This enquiry was already answered',
  },
} as const satisfies Record<PressedAction, Record<string, string>>

/** Why a link or a press did nothing, in words, with what to do instead. */
export const refusalCopy = {
  malformed: {
    status: 400,
    heading: 'This link is not complete',
    text: 'It may have been cut short or changed when it was copied, so nothing was done. Open the link from the digest e-mail itself (click it rather than copying it). If it still fails, use the links under the same enquiry in the next digest.',
  },
  forged: {
    status: 403,
    heading: 'This link has been changed',
    text: 'It does not match any link this website sent, so nothing was done (a link made by a test copy of the website does not work here either). Use the link in our e-mail itself, unchanged. If someone sent you this link in another e-mail, do not trust that e-mail.',
  },
  'other-stage': {
    status: 403,
    heading: 'This link is for another copy of the website',
    text: 'It was made by a test or trial copy of the website, not this one, so nothing was done. Use the links in the e-mails that this website sent.',
  },
  expired: {
    status: 410,
    heading: 'This link has expired',
    text: 'Links in our e-mails work for 30 days, and this one is older, so nothing was done. Every enquiry still waiting for you (held back as spam, or not delivered) is on the page of waiting enquiries, with fresh links: the weekly summary that comes each Monday links to it, and so does the next digest.',
  },
  gone: {
    status: 410,
    heading: 'This enquiry is no longer stored',
    text: 'It was deleted, at its sender’s request or because its 3 years were up, so there is nothing to send or list. Nothing was done.',
  },
  crossSite: {
    status: 403,
    heading: 'Please press the button on our own page',
    text: 'This request came from another website, so nothing was done. Open the link from our e-mail and press the button on the page it shows.',
  },
  listOnly: {
    status: 405,
    heading: 'This page has no button',
    text: 'The page of waiting enquiries only lists them, so nothing was done. Use the links under each enquiry on it.',
  },
  unavailable: {
    status: 503,
    heading: 'Nothing could be done just now',
    text: 'Our enquiry store did not answer, so nothing was changed. Please try again in a few minutes; the link keeps working.',
  },
} as const

/** The reason an enquiry's state gives that it no longer waits for this action. */
function stateInWords(enquiry: ShownEnquiry, timeZone: string | undefined): string {
  if (enquiry.dismissedAt) {
    return `staff stopped listing it on ${formatAgencyTime(enquiry.dismissedAt, timeZone)}, so it is not sent`
  }
  switch (enquiry.emailStatus) {
    case 'pending':
      return 'its e-mail is being sent to you now'
    case 'sent':
    case 'delivered':
      return 'its e-mail has already been sent to you'
    case 'held':
      return 'it is held back as spam: use its “Send it to me” link instead'
    default:
      return 'it is no longer listed'
  }
}

export function html(status: number, title: string, body: string): ContactResult {
  return {
    statusCode: status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      // One enquiry's page: never cached, and its link (which holds the token) never passed on.
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
    },
    body: standalonePage(
      title,
      `<div class="answer">
${body}
</div>`,
      `
.answer dl{margin:0 0 1.5rem;border:1px solid #e4e4e7;border-radius:.75rem;padding:1rem 1.25rem;background:#fafafa}
.answer dt{font-weight:600}
.answer dd{margin:0 0 .5rem;overflow-wrap:anywhere}
`,
    ),
  }
}

/** Reference, name, company and first line: enough to know which enquiry it is. */
function details(enquiry: ShownEnquiry): string {
  const rows = [
    ['Reference', enquiry.ref],
    ['Name', oneLine(`${enquiry.firstName} ${enquiry.lastName}`)],
    ['Company', oneLine(enquiry.company)],
    ['First line', firstLine(enquiry.message)],
  ]
  return `<dl>${rows.map(([term, value]) => `<dt>${term}</dt><dd>${escapeHtml(value as string)}</dd>`).join('')}</dl>`
}

/** The link's page: the enquiry and one button, whose POST (same origin, no script) acts. */
export function confirmPage(
  action: PressedAction,
  token: string,
  enquiry: ShownEnquiry,
): ContactResult {
  const copy = actionCopy[action]
  const button =
    action === 'dismiss' && enquiry.emailStatus === 'held'
      ? actionCopy.dismiss.spamButton
      : copy.button
  return html(
    200,
    copy.question,
    `<h1>${copy.question}</h1>
${details(enquiry)}
<p>${copy.explain}</p>
<form method="post" action="${actionsPath}">
<input type="hidden" name="${tokenParameter}" value="${escapeHtml(token)}">
<button class="button solid" type="submit">${escapeHtml(button)}</button>
</form>`,
  )
}

/** After the press: what was done. */
export function donePage(action: PressedAction, enquiry: ShownEnquiry): ContactResult {
  const copy = actionCopy[action]
  return html(200, copy.done, `<h1>${copy.done}</h1>\n${details(enquiry)}\n<p>${copy.doneText}</p>`)
}

/** Pressed before (or in another tab): nothing more is done or sent. */
export function alreadyPage(
  action: PressedAction,
  enquiry: ShownEnquiry,
  at: string,
  timeZone?: string,
): ContactResult {
  const copy = actionCopy[action]
  const how =
    action !== 'answer'
      ? ''
      : enquiry.answeredVia === 'reply' && enquiry.answeredBy
        ? ` (by ${enquiry.answeredBy}, replying to its e-mail)`
        : ' (with the “I have answered this” link)'
  return html(
    200,
    copy.already,
    `<h1>${copy.already}</h1>
${details(enquiry)}
<p>That was done on ${escapeHtml(formatAgencyTime(at, timeZone))}${escapeHtml(how)}. Nothing more was done or sent.</p>`,
  )
}

/** The enquiry no longer waits for this action (sent meanwhile, say): nothing was done. */
export function notWaitingPage(
  action: PressedAction,
  enquiry: ShownEnquiry,
  timeZone?: string,
): ContactResult {
  return html(
    409,
    'Nothing to do',
    `<h1>Nothing to do</h1>
${details(enquiry)}
<p>Nothing was done: ${escapeHtml(stateInWords(enquiry, timeZone))}. (${escapeHtml(actionCopy[action].button)} is for an enquiry the digest lists.)</p>`,
  )
}

export function refusalPage(reason: keyof typeof refusalCopy): ContactResult {
  const copy = refusalCopy[reason]
  return html(copy.status, copy.heading, `<h1>${copy.heading}</h1>\n<p>${copy.text}</p>`)
}
