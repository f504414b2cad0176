import type { SendEmailCommandInput } from '@aws-sdk/client-ses'
import { enquiryRef } from '../../shared/enquiry-table.ts'
import { type Enquiry, wellFormed } from './item.ts'

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

const htmlEntities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => htmlEntities[character] as string)
}

/**
 * Invisible characters that change how the rest of a line is displayed: bidi embeddings and
 * overrides (U+202A–U+202E), isolates (U+2066–U+2069), direction marks (U+200E, U+200F, U+061C),
 * zero-width spaces and joiners (U+200B–U+200D, U+2060, U+FEFF) and the invisible operators
 * (U+2061–U+2064). In a subject or an address they let a visitor make staff read something
 * other than what was sent ("…\u202Efdp.exe" shows as "…exe.pdf").
 */
const displaySpoofing = /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g

/**
 * Makes a value safe for a mail header: line breaks (CR, LF and the Unicode separators some
 * clients honour) become spaces so nothing a visitor types can start a header of its own;
 * other control characters go, and so do the invisible ones that would change how the header
 * is displayed.
 */
export function headerSafe(value: string): string {
  return (
    value
      .replace(/[\r\n\u0085\u2028\u2029]+/g, ' ')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .replace(displaySpoofing, '')
      .replace(/ {2,}/g, ' ')
      .trim()
  )
}

/** What starts the subject of an enquiry the spam verdict marked, for staff's mail rules. */
export const LIKELY_SPAM_SUBJECT_PREFIX = '[Likely spam] '

/**
 * The verdict's reasons, for the top of a marked enquiry's e-mail; none for a clean one (and for
 * enquiries stored before verdicts existed).
 */
function spamNotice(enquiry: Enquiry): string[] {
  if (enquiry.spamLevel === undefined || enquiry.spamLevel === 'genuine') return []
  return [
    `Marked as likely spam (score ${enquiry.spamScore}); it may still be genuine:`,
    ...enquiry.spamReasons.map((reason) => `- ${reason}`),
  ]
}

/**
 * The agency's notification: every field; the short reference in the subject (what staff quote
 * and `npm run enquiries` takes; a 36-character id there only crowds the inbox) and the full id
 * in the body, so a search for either finds it. The reference is derived from the id, so
 * enquiries stored before it was kept render the same.
 */
export function renderEnquiryEmail(enquiry: Enquiry): RenderedEmail {
  const name = `${enquiry.firstName} ${enquiry.lastName}`
  const notice = spamNotice(enquiry)
  const subject = headerSafe(
    `${notice.length > 0 ? LIKELY_SPAM_SUBJECT_PREFIX : ''}New enquiry from ${name}, ${enquiry.company} (ref ${enquiryRef(enquiry.id)})`,
  )
  const received = new Date(enquiry.createdAt).toUTCString()

  const text = [
    ...(notice.length > 0 ? [...notice, ''] : []),
    `New enquiry ${enquiry.id}, received ${received}.`,
    'Reply to this e-mail to answer the enquirer directly.',
    '',
    ...labels.map(([field, label]) => `${label}: ${enquiry[field]}`),
    '',
    'Message:',
    enquiry.message,
    '',
  ].join('\n')

  const rows = labels
    .map(
      ([field, label]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0">${label}</th><td style="padding:4px 0">${escapeHtml(enquiry[field])}</td></tr>`,
    )
    .join('')
  const message = escapeHtml(enquiry.message).replace(/\r\n|\r|\n/g, '<br>')
  const html = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1a202c">',
    notice.length > 0
      ? `<div style="border:2px solid #c53030;padding:8px 12px;margin-bottom:12px"><p style="margin:0;font-weight:bold">${escapeHtml(notice[0] as string)}</p><ul style="margin:4px 0 0">${enquiry.spamReasons.map((reason) => `<li>${escapeHtml(reason)}</li>`).join('')}</ul></div>`
      : '',
    `<h1 style="font-size:20px">New enquiry from ${escapeHtml(name)}</h1>`,
    `<p>Reference <strong>${escapeHtml(enquiry.id)}</strong>, received ${escapeHtml(received)}. Reply to this e-mail to answer the enquirer directly.</p>`,
    `<table role="presentation">${rows}</table>`,
    '<h2 style="font-size:16px">Message</h2>',
    `<p>${message}</p>`,
    '</body></html>',
  ].join('')

  return { subject, text, html }
}

export interface EmailAddresses {
  readonly senderEmail: string
  readonly agencyEmail: string
  /** The SES configuration set that reports the e-mail's fate (see delivery-tracking.ts). */
  readonly sesConfigurationSet?: string | undefined
}

/** SES v1 `SendEmail`: from the verified sender to the agency, replies going to the enquirer. */
export function enquiryEmailInput(
  enquiry: Enquiry,
  addresses: EmailAddresses,
): SendEmailCommandInput {
  // Enquiries stored before their text was made well-formed on the way in must still send.
  const rendered = renderEnquiryEmail(enquiry)
  const subject = wellFormed(rendered.subject)
  const text = wellFormed(rendered.text)
  const html = wellFormed(rendered.html)
  return {
    Source: headerSafe(addresses.senderEmail),
    Destination: { ToAddresses: [headerSafe(addresses.agencyEmail)] },
    ReplyToAddresses: [headerSafe(enquiry.email)],
    Message: {
      Subject: { Data: subject, Charset: 'UTF-8' },
      Body: {
        Text: { Data: text, Charset: 'UTF-8' },
        Html: { Data: html, Charset: 'UTF-8' },
      },
    },
  }
}
