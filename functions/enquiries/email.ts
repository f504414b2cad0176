import type { SendEmailCommandInput } from '@aws-sdk/client-ses'
import { DEFAULT_AGENCY_TIME_ZONE, formatAgencyTime } from '#shared/agency-time.ts'
import { enquiryRef } from '#shared/enquiry-table.ts'
import { syntheticEnquiry } from '#shared/synthetic-enquiry.ts'
import { emailDocument, escapeHtml } from '../html-pages.ts'
import { actionLinker } from './action-links.ts'
import { type Enquiry, type StaffActionRecord, wellFormed } from './item.ts'
import { replyAddress } from './reply-address.ts'

export interface RenderedEmail {
  readonly subject: string
  readonly text: string
  readonly html: string
}

const labels = [
  ['firstName', 'First name'],
  ['lastName', 'Last name'],
  ['email', 'Email'],
  ['phone', 'Phone'],
  ['company', 'Company'],
  ['position', 'Position'],
] as const

/**
 * Characters a person does not see, or that change how the rest of a line is shown: controls
 * (Cc, C1 included), format characters (Cf: bidi overrides and isolates, zero-width spaces and
 * joiners, soft hyphens, tag characters, interlinear annotations, musical format marks …),
 * private use (Co), lone surrogates (Cs), line and paragraph separators (Zl, Zp), and every
 * other default-ignorable code point (U+034F, the Hangul fillers U+115F and U+3164, variation
 * selectors …). By Unicode's own categories rather than a list, so a character nobody thought
 * of is covered too. In a subject they let a visitor make staff read something other than what
 * was sent ("…\u202Efdp.exe" shows as "…exe.pdf"), or hide text from them altogether.
 */
const invisibleCharacters = String.raw`\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}`
const invisible = new RegExp(`[${invisibleCharacters}]`, 'gu')

/**
 * For a body: a standard emoji sequence (its joiners, variation selectors, the tag characters of
 * a flag) is matched whole and kept; any other invisible character but a line break or a tab is
 * matched alone, to be shown.
 */
const emojiOrInvisible = new RegExp(
  String.raw`(?<emoji>\p{RGI_Emoji})|[[${invisibleCharacters}]--[\t\n\r]]`,
  'gv',
)

/**
 * The visitor's text for a body: every character kept, each invisible one shown as `[U+XXXX]`,
 * so staff read all that was sent and see where something was hidden.
 */
export function visibleText(value: string): string {
  return value.replace(emojiOrInvisible, (match, ...rest) => {
    const groups = rest.at(-1) as { emoji?: string }
    if (groups.emoji !== undefined) return match
    return `[U+${(match.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}]`
  })
}

/**
 * Line breaks, tabs and the other characters that end or split a line (vertical tab, form feed,
 * the C0 information separators, NEL, U+2028, U+2029). In a one-line field they would start a
 * line of their own in the e-mail: a forged `Email:` line, a forged section, a forged
 * instruction (docs/decisions/0033-signed-action-links.md).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters it folds
const lineBreaking = /[\t\n\v\f\r\x1c-\x1f\u0085\u2028\u2029]+/g

/**
 * A one-line field (every field but the message) for a body: whatever would break or split the
 * line folded to one space, then every other invisible character shown (`visibleText`).
 */
export function oneLine(value: string): string {
  return visibleText(value.replace(lineBreaking, ' '))
}

/**
 * Makes a value safe for a mail header: line breaks (CR, LF and the Unicode separators some
 * clients honour) become spaces so nothing a visitor types can start a header of its own; every
 * other invisible or control character goes (see `invisible`).
 */
export function headerSafe(value: string): string {
  return value
    .replace(/[\r\n\u0085\u2028\u2029]+/g, ' ')
    .replace(invisible, '')
    .replace(/ {2,}/g, ' ')
    .trim()
}

/** What starts the subject of an enquiry the spam verdict marked, for staff's mail rules. */
export const LIKELY_SPAM_SUBJECT_PREFIX = '[Likely spam] '

/** What starts the subject of an enquiry e-mail sent again at staff's or ops' request. */
export const SENT_AGAIN_SUBJECT_PREFIX = '[Sent again] '

/**
 * The verdict's reasons, for the top of a marked enquiry's e-mail; none for a clean one (and for
 * enquiries stored before verdicts existed).
 */
function spamNotice(enquiry: Enquiry): string[] {
  if (enquiry.spamLevel === undefined || enquiry.spamLevel === 'genuine') return []
  return [
    `Marked as likely spam (score ${enquiry.spamScore}); it may still be genuine:`,
    ...enquiry.spamReasons.map((reason) => `- ${oneLine(reason)}`),
  ]
}

/** Why an enquiry's first e-mail did not arrive, by the status a requeue took it from. */
const notArrived: Record<string, string> = {
  'gave-up': 'our mail service could not send it',
  bounced: 'this inbox refused it',
  complained: 'it was marked as spam in this inbox',
  rejected: 'our mail service refused to send it',
}

/**
 * What staff did that this e-mail is the result of: released from the spam hold (it then reads
 * as a normal enquiry: no spam mark, no spam box, so the mail rule the mark exists for does not
 * file the rescued lead as junk again), or sent again (and why). The latest such action counts.
 */
function sentBecause(enquiry: Enquiry, timeZone: string) {
  const actions = (enquiry.staffActions ?? []).filter(
    (record: StaffActionRecord) => record.action === 'release' || record.action === 'requeue',
  )
  const latest = actions.at(-1)
  const released = actions.some((record) => record.action === 'release')
  if (!latest) return { released, line: undefined, sentAgain: false }
  const when = formatAgencyTime(latest.at, timeZone)
  const who = latest.by === 'ops' ? 'whoever looks after the website' : 'staff'
  if (latest.action === 'release') {
    const reasons = enquiry.spamReasons?.map(oneLine).join('; ')
    return {
      released,
      sentAgain: false,
      line: `Released from the spam hold by ${who} on ${when}${reasons ? ` (the spam check had held it back: ${reasons})` : ''}.`,
    }
  }
  const why = notArrived[latest.from ?? ''] ?? 'it did not arrive'
  return {
    released,
    sentAgain: true,
    line: `Sent again on ${when}, at the request of ${who}: the first e-mail about it did not reach you (${why}).`,
  }
}

/** What the enquiry e-mail offers staff for answering it, when the stage has each. */
export interface AnswerHelp {
  /** Its reply address (the second Reply-To): a reply records the answer. */
  readonly replyAddress?: string | undefined
  /** The signed "I have answered this" link, for an answer given another way. */
  readonly answeredLink?: string | undefined
  /** @default DEFAULT_AGENCY_TIME_ZONE */
  readonly timeZone?: string | undefined
}

/** What to do, in words: reply; or, answered another way, the link. */
function answerLines(help: AnswerHelp): string[] {
  return [
    'Reply to this e-mail to answer the enquirer directly.',
    ...(help.replyAddress
      ? [
          `Your reply also goes to ${help.replyAddress}: that only records that the enquiry was answered (who replied, and when), and keeps nothing of what you write.`,
        ]
      : []),
  ]
}

/**
 * The agency's notification: every field; the short reference in the subject, which staff can
 * compare at a glance (a repeated e-mail shows the same one), and the full id in the body. The
 * subject drops invisible characters; the bodies show them (`visibleText`). Times are the
 * agency's (shared/agency-time.ts).
 */
export function renderEnquiryEmail(enquiry: Enquiry, help: AnswerHelp = {}): RenderedEmail {
  const timeZone = help.timeZone ?? DEFAULT_AGENCY_TIME_ZONE
  const name = `${enquiry.firstName} ${enquiry.lastName}`
  // Only the message may carry line breaks: in any other field one would forge a line.
  const shown = (field: (typeof labels)[number][0]) => oneLine(enquiry[field])
  const shownName = oneLine(name)
  const ref = enquiryRef(enquiry.id)
  const because = sentBecause(enquiry, timeZone)
  // Staff released it: it is a lead, and reads as one.
  const notice = because.released ? [] : spamNotice(enquiry)
  const prefix = `${because.sentAgain ? SENT_AGAIN_SUBJECT_PREFIX : ''}${notice.length > 0 ? LIKELY_SPAM_SUBJECT_PREFIX : ''}`
  const subject = headerSafe(`${prefix}New enquiry from ${name}, ${enquiry.company} (ref ${ref})`)
  const received = formatAgencyTime(enquiry.createdAt, timeZone)
  const answer = answerLines(help)
  const answeredLink = help.answeredLink

  const text = [
    ...(notice.length > 0 ? [...notice, ''] : []),
    ...(because.line ? [because.line, ''] : []),
    `New enquiry ${ref} (id ${enquiry.id}), received ${received}.`,
    ...answer,
    ...(answeredLink
      ? [
          `Answered it another way (by phone, in another thread)? I have answered this: ${answeredLink}`,
        ]
      : []),
    '',
    ...labels.map(([field, label]) => `${label}: ${shown(field)}`),
    '',
    'Message:',
    visibleText(enquiry.message),
    '',
  ].join('\n')

  const rows = labels
    .map(
      ([field, label]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0">${label}</th><td style="padding:4px 0">${escapeHtml(shown(field))}</td></tr>`,
    )
    .join('')
  const message = escapeHtml(visibleText(enquiry.message)).replace(/\r\n|\r|\n/g, '<br>')
  const html = emailDocument(
    subject,
    [
      notice.length > 0
        ? `<div style="border:2px solid #c53030;padding:8px 12px;margin-bottom:12px"><p style="margin:0;font-weight:bold">${escapeHtml(notice[0] as string)}</p><ul style="margin:4px 0 0">${enquiry.spamReasons.map((reason) => `<li>${escapeHtml(oneLine(reason))}</li>`).join('')}</ul></div>`
        : '',
      because.line
        ? `<p style="border-left:4px solid #1f47cc;padding:4px 12px">${escapeHtml(because.line)}</p>`
        : '',
      `<h1 style="font-size:20px">New enquiry from ${escapeHtml(shownName)}</h1>`,
      `<p>Reference <strong>${escapeHtml(ref)}</strong> (id ${escapeHtml(enquiry.id)}), received ${escapeHtml(received)}. ${answer.map(escapeHtml).join(' ')}</p>`,
      answeredLink
        ? `<p>Answered it another way (by phone, in another thread)? <a href="${escapeHtml(answeredLink)}" style="color:#1a3aa3;font-weight:bold">I have answered this</a></p>`
        : '',
      `<table role="presentation">${rows}</table>`,
      '<h2 style="font-size:16px">Message</h2>',
      `<p>${message}</p>`,
    ].join(''),
  )

  return { subject, text, html }
}

export interface EmailAddresses {
  readonly senderEmail: string
  readonly agencyEmail: string
  /** The SES configuration set that reports the e-mail's fate (see delivery-tracking.ts). */
  readonly sesConfigurationSet?: string | undefined
  /** Where staff read times. @default DEFAULT_AGENCY_TIME_ZONE */
  readonly agencyTimeZone?: string | undefined
  /** The stage's receiving subdomain: each enquiry e-mail's second Reply-To is under it. */
  readonly replyDomain?: string | undefined
  /** Signs the reply address and the "I have answered this" link (with `stage`, `siteUrl`). */
  readonly actionLinkKey?: string | undefined
  readonly stage?: string | undefined
  /** Where the signed links open. */
  readonly siteUrl?: string | undefined
}

/**
 * The reply address and the answered link of one enquiry, each when the stage has what it
 * needs: the key and the receiving subdomain; the key and the site. Built from its stored id
 * alone, never from what the visitor typed.
 */
export function answerHelpFor(
  enquiry: Pick<Enquiry, 'id'>,
  addresses: EmailAddresses,
  now: Date,
): AnswerHelp {
  const { actionLinkKey: key, replyDomain, siteUrl } = addresses
  const stage = addresses.stage ?? 'local'
  return {
    timeZone: addresses.agencyTimeZone,
    ...(key && replyDomain && { replyAddress: replyAddress(key, stage, enquiry.id, replyDomain) }),
    ...(key &&
      siteUrl && {
        answeredLink: actionLinker({ key, stage, siteUrl, now })(enquiry.id, 'answer'),
      }),
  }
}

/**
 * SES v1 `SendEmail`: from the verified sender to the agency, replies going to the enquirer and
 * to the enquiry's reply address (which records the answer). The canary's synthetic enquiry goes
 * to SES's mailbox simulator instead, and to nobody else: staff never see it.
 */
export function enquiryEmailInput(
  enquiry: Enquiry,
  addresses: EmailAddresses,
  now: Date = new Date(),
): SendEmailCommandInput {
  const synthetic = enquiry.synthetic === true
  const help = synthetic
    ? { timeZone: addresses.agencyTimeZone }
    : answerHelpFor(enquiry, addresses, now)
  // Enquiries stored before their text was made well-formed on the way in must still send.
  const rendered = renderEnquiryEmail(enquiry, help)
  const subject = wellFormed(rendered.subject)
  const text = wellFormed(rendered.text)
  const html = wellFormed(rendered.html)
  return {
    Source: headerSafe(addresses.senderEmail),
    Destination: {
      ToAddresses: [synthetic ? syntheticEnquiry.recipient : headerSafe(addresses.agencyEmail)],
    },
    ReplyToAddresses: [
      headerSafe(enquiry.email),
      ...(help.replyAddress ? [help.replyAddress] : []),
    ],
    Message: {
      Subject: { Data: subject, Charset: 'UTF-8' },
      Body: {
        Text: { Data: text, Charset: 'UTF-8' },
        Html: { Data: html, Charset: 'UTF-8' },
      },
    },
  }
}
