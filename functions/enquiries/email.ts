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
 * Makes a value safe for a mail header: line breaks (CR, LF and the Unicode separators some
 * clients honour) become spaces so nothing a visitor types can start a header of its own;
 * other control characters go.
 */
export function headerSafe(value: string): string {
  return (
    value
      .replace(/[\r\n\u0085\u2028\u2029]+/g, ' ')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .replace(/ {2,}/g, ' ')
      .trim()
  )
}

/**
 * The agency's notification: every field; the short reference in the subject, which staff can
 * compare at a glance (a repeated e-mail shows the same one), and the full id in the body.
 */
export function renderEnquiryEmail(enquiry: Enquiry): RenderedEmail {
  const name = `${enquiry.firstName} ${enquiry.lastName}`
  const ref = enquiryRef(enquiry.id)
  const subject = headerSafe(`New enquiry from ${name}, ${enquiry.company} (ref ${ref})`)
  const received = new Date(enquiry.createdAt).toUTCString()

  const text = [
    `New enquiry ${ref} (id ${enquiry.id}), received ${received}.`,
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
    `<h1 style="font-size:20px">New enquiry from ${escapeHtml(name)}</h1>`,
    `<p>Reference <strong>${escapeHtml(ref)}</strong> (id ${escapeHtml(enquiry.id)}), received ${escapeHtml(received)}. Reply to this e-mail to answer the enquirer directly.</p>`,
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
