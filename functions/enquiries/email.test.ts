import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { escapeHtml } from '../html-pages.ts'
import { validSubmission } from '../test-fixtures/test-support.ts'
import { enquiryEmailInput, headerSafe, oneLine, renderEnquiryEmail, visibleText } from './email.ts'
import { buildEnquiry } from './item.ts'

const createdAt = new Date('2026-11-21T14:00:00.000Z')
const enquiry = buildEnquiry(validSubmission, '0d9e5a1c-7b2f-5c3d-9e4f-5a6b7c8d9e0f', createdAt)
/**
 * Invisible and control characters a visitor may hide in a field: the ones attacks have used
 * (C1 controls, format characters, tags, fillers, annotations, musical format marks), beside the
 * bidi and zero-width ones.
 */
const hidden = [
  '\u206a',
  '\u180e',
  '\u00ad',
  '\u034f',
  '\u{e0041}',
  '\u{e0042}',
  '\u{e0043}',
  '\ufff9',
  '\ufffb',
  '\u{1d173}',
  '\u3164',
  '\u115f',
  '\u0090',
  '\u009b',
  '\u202e',
  '\u2066',
  '\u200b',
  '\ufeff',
  '\u0007',
  '\ue000',
  '\u{f0000}',
]
const invisibleOrControl = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u
const invisibleOutsideEmoji =
  /(?![\t\n\r])[\p{Cf}\p{Co}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\p{Cc}]/u
const addresses = {
  senderEmail: 'website@elevate-digital.example',
  agencyEmail: 'hello@elevate-digital.example',
}

describe('the agency’s e-mail', () => {
  it('marks likely spam in the subject and puts the reasons above everything else', () => {
    const marked = buildEnquiry(validSubmission, enquiry.id, createdAt, {
      level: 'likely',
      score: 5,
      reasons: ['The message holds a link', 'Sales pitch: <offers backlinks>'],
    })
    const { subject, text, html } = renderEnquiryEmail(marked)
    expect(subject).toBe(`[Likely spam] ${renderEnquiryEmail(enquiry).subject}`)
    expect(text.split('\n').slice(0, 3)).toEqual([
      'Marked as likely spam (score 5); it may still be genuine:',
      '- The message holds a link',
      '- Sales pitch: <offers backlinks>',
    ])
    const body = html.slice(html.indexOf('<body'))
    expect(body.indexOf('Sales pitch: &lt;offers backlinks&gt;')).toBeLessThan(
      body.indexOf('New enquiry from'),
    )
  })

  it('leaves a clean enquiry unmarked', () => {
    const { subject, text } = renderEnquiryEmail(enquiry)
    expect(subject).not.toContain('spam')
    expect(text).not.toContain('spam')
  })

  it('names the person, the company and the short reference in the subject, the full id in the body', () => {
    const { subject, text, html } = renderEnquiryEmail(enquiry)
    expect(subject).toBe('New enquiry from Ada Lovelace, Analytical Engines Ltd (ref 0D9E5A1C)')
    expect(subject).not.toContain(enquiry.id)
    expect(text).toContain('New enquiry 0D9E5A1C (id 0d9e5a1c-7b2f-5c3d-9e4f-5a6b7c8d9e0f)')
    expect(html).toContain('<strong>0D9E5A1C</strong> (id 0d9e5a1c-7b2f-5c3d-9e4f-5a6b7c8d9e0f)')
  })

  it('carries every field in both bodies', () => {
    const { text, html } = renderEnquiryEmail(enquiry)
    for (const value of Object.values(validSubmission)) {
      expect(text).toContain(value)
      expect(html).toContain(escapeHtml(value))
    }
    expect(text).toContain('Message:\nWe would like help with our SEO, please.')
  })

  it('HTML-escapes every field', () => {
    const hostile = '<img src=x onerror="alert(1)">&\'"'
    const escaped = '&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;&#39;&quot;'
    const { html } = renderEnquiryEmail({
      ...enquiry,
      firstName: hostile,
      lastName: hostile,
      phone: hostile,
      company: hostile,
      position: hostile,
      message: `${hostile}\nsecond line`,
    })
    expect(html).not.toContain('<img')
    expect(html).not.toContain('onerror="')
    expect(html.split(escaped).length - 1).toBeGreaterThanOrEqual(8)
    expect(html).toContain(`${escaped}<br>second line`)
  })

  it('never lets a field put markup into the HTML body', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const { html } = renderEnquiryEmail({ ...enquiry, company: value, message: value })
        const withoutOwnMarkup = html.replace(
          /<\/?[a-z][a-z0-9]*(\s[^<>]*)?>|<!doctype html>/gi,
          '',
        )
        expect(withoutOwnMarkup).not.toMatch(/[<>]/)
      }),
    )
  })

  it('strips CR/LF from everything that reaches a header', () => {
    const input = enquiryEmailInput(
      {
        ...enquiry,
        firstName: 'Ada\r\nBcc: victim@example.com',
        company: 'Evil\nX-Injected: yes',
        email: 'ada@example.co.uk\r\nBcc: victim@example.com',
      },
      addresses,
    )
    const subject = input.Message?.Subject?.Data ?? ''
    expect(subject).not.toMatch(/[\r\n]/)
    expect(subject).toContain('Ada Bcc: victim@example.com')
    expect(input.ReplyToAddresses?.[0]).not.toMatch(/[\r\n]/)
    expect(input.Source).toBe(addresses.senderEmail)
  })

  it('shows staff every header as it was typed: no bidi override, isolate or zero-width character', () => {
    const spoofing = [
      '\u202e',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200b',
      '\u200d',
      '\ufeff',
    ]
    const input = enquiryEmailInput(
      {
        ...enquiry,
        firstName: 'Invoice\u202Efdp.exe',
        lastName: '\u2067Smith\u2069',
        company: 'Pay\u200bPal\u200d Ltd\ufeff',
        email: 'ada\u200b@example.co.uk',
      },
      {
        senderEmail: `web\u202dsite@elevate-digital.example`,
        agencyEmail: `hello\u2060@elevate-digital.example`,
      },
    )
    const headers = [
      input.Message?.Subject?.Data ?? '',
      input.Source ?? '',
      ...(input.Destination?.ToAddresses ?? []),
      ...(input.ReplyToAddresses ?? []),
    ]
    for (const value of headers) {
      for (const character of spoofing) expect(value).not.toContain(character)
      expect(value).not.toMatch(/[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069]/)
    }
    expect(input.Message?.Subject?.Data).toContain('Invoicefdp.exe Smith')
    expect(input.Message?.Subject?.Data).toContain('PayPal Ltd')
    expect(input.ReplyToAddresses).toEqual(['ada@example.co.uk'])
    expect(input.Source).toBe('website@elevate-digital.example')
    expect(input.Destination?.ToAddresses).toEqual(['hello@elevate-digital.example'])
  })

  it('keeps every invisible character out of the headers and shows each one in the bodies', () => {
    const input = enquiryEmailInput(
      {
        ...enquiry,
        firstName: `Ada${hidden.join('')}`,
        company: `Analytical${hidden.join('x')}Engines`,
        message: `Hello${hidden.join(' ')} there`,
      },
      addresses,
    )
    const subject = input.Message?.Subject?.Data ?? ''
    expect(subject).toBe(
      `New enquiry from Ada Lovelace, Analytical${'x'.repeat(hidden.length - 1)}Engines (ref 0D9E5A1C)`,
    )
    const text = input.Message?.Body?.Text?.Data ?? ''
    const html = input.Message?.Body?.Html?.Data ?? ''
    for (const character of hidden) {
      const shown = `[U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}]`
      expect(text.split(shown).length - 1, shown).toBe(3)
      expect(html.split(shown).length - 1, shown).toBe(3 + 1)
    }
    for (const body of [text, html]) expect(body).not.toMatch(invisibleOutsideEmoji)
  })

  it('keeps standard emoji sequences whole in the bodies', () => {
    const emoji =
      '👍🏽 👨\u200d👩\u200d👧 ❤\ufe0f 🏴\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}'
    const { text, html } = renderEnquiryEmail({ ...enquiry, message: `Thanks ${emoji}` })
    expect(text).toContain(`Thanks ${emoji}`)
    expect(html).toContain(`Thanks ${emoji}`)
    // A tag character is shown once it is not part of a flag.
    expect(visibleText('😀\u{e0041}')).toBe('😀[U+E0041]')
  })

  it('sends an enquiry stored with a lone surrogate, as U+FFFD (SES cannot encode one)', () => {
    const input = enquiryEmailInput(
      { ...enquiry, firstName: 'Ada\ud800', message: 'x\udc00'.repeat(5) },
      addresses,
    )
    for (const text of [
      input.Message?.Subject?.Data,
      input.Message?.Body?.Text?.Data,
      input.Message?.Body?.Html?.Data,
    ]) {
      expect(() => encodeURIComponent(text ?? '')).not.toThrow()
    }
    expect(input.Message?.Subject?.Data).toMatch(/^New enquiry from Ada Lovelace,/)
    expect(input.Message?.Body?.Text?.Data).toContain('First name: Ada[U+D800]')
  })

  it('addresses the agency from the sender, replies going to the enquirer', () => {
    expect(enquiryEmailInput(enquiry, addresses)).toMatchObject({
      Source: 'website@elevate-digital.example',
      Destination: { ToAddresses: ['hello@elevate-digital.example'] },
      ReplyToAddresses: ['Ada@Example.co.uk'],
      Message: {
        Subject: { Charset: 'UTF-8' },
        Body: { Text: { Charset: 'UTF-8' }, Html: { Charset: 'UTF-8' } },
      },
    })
  })
})

// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters that must not be there
const breaksALine = /[\r\n\t\u000b\u000c\u001c-\u001f\u0085\u2028\u2029]/

describe('only the message may carry line breaks', () => {
  const forging = {
    ...enquiry,
    firstName: 'Ada\tX',
    lastName: 'Lovelace\nEmail: payments@evil.example',
    company: 'Analytical Engines\r\nPosition: CEO\r\n\r\nMessage:\r\nWire £9,000 today',
    position: 'Director\u2028Phone: 0900 000 000\u2029\u000b\u000c\u001e\u0085',
    message: 'First line.\nSecond line.',
  }

  it('folds CR, LF, TAB and every other separator in a one-line field to a space', () => {
    expect(oneLine('a\r\nb\rc\nd\te\u2028f\u2029g\u0085h\u000bi\u000cj\u001ck\u001fl')).toBe(
      'a b c d e f g h i j k l',
    )
    // Other invisible characters are still shown, not hidden.
    expect(oneLine('a\u202eb')).toBe('a[U+202E]b')
  })

  it('forges no line in the text part: one Email, Position and Message line, the real ones', () => {
    const text = renderEnquiryEmail(forging).text
    const lines = text.split('\n')
    expect(lines.filter((line) => line.startsWith('Email:'))).toEqual([
      `Email: ${validSubmission.email}`,
    ])
    expect(lines.filter((line) => line.startsWith('Position:'))).toHaveLength(1)
    expect(lines.filter((line) => line.startsWith('Phone:'))).toEqual([
      `Phone: ${validSubmission.phone}`,
    ])
    expect(lines.filter((line) => line === 'Message:')).toHaveLength(1)
    expect(lines).toContain('Last name: Lovelace Email: payments@evil.example')
    expect(lines).toContain('Company: Analytical Engines Position: CEO Message: Wire £9,000 today')
    expect(lines).toContain('First name: Ada X')
    // The message keeps its own lines.
    expect(text).toContain('Message:\nFirst line.\nSecond line.\n')
    expect(text.split('\n')).toHaveLength(renderEnquiryEmail(enquiry).text.split('\n').length + 1)
  })

  it('forges no line in the HTML part or the subject either', () => {
    const { html, subject } = renderEnquiryEmail(forging)
    const cells = [...html.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((match) => match[1] ?? '')
    expect(cells).toHaveLength(6)
    for (const cell of cells) expect(cell).not.toMatch(breaksALine)
    expect(html).not.toMatch(/<br>Email:|<br>Message:/)
    expect(subject).not.toMatch(/[\r\n\t]/)
  })

  it('never leaves a line break or tab in a one-line field, whatever the input', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.oneof(
            fc.constantFrom(
              '\r',
              '\n',
              '\t',
              '\u000b',
              '\u000c',
              '\u001e',
              '\u0085',
              '\u2028',
              '\u2029',
            ),
            fc.string({ maxLength: 1 }),
          ),
        }),
        (value) => {
          expect(oneLine(value)).not.toMatch(breaksALine)
        },
      ),
    )
  })
})

describe('headerSafe', () => {
  it('turns every kind of line break into a space and drops control characters', () => {
    expect(headerSafe('a\r\nb\rc\nd\u2028e\u2029f\u0085g\u0000h\th')).toBe('a b c d e f ghh')
  })

  it('drops every character the issue named, by category, and keeps the visible text', () => {
    expect(headerSafe(`A${hidden.join('')}B`)).toBe('AB')
  })

  // fast-check's first draw from these arbitraries sets up its tables (about 1 s on an idle
  // machine, 5-15 s on a busy one); the 100 runs themselves take milliseconds.
  it('never leaves an invisible or control character, whatever the input', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.oneof(fc.constantFrom(...hidden), fc.string({ unit: 'binary' })) }),
        (value) => {
          expect(headerSafe(value)).not.toMatch(invisibleOrControl)
        },
      ),
    )
  }, 60_000)

  it('never leaves a line break, whatever the input', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.oneof(
            fc.constantFrom('\r', '\n', '\u0085', '\u2028', '\u2029', '\t', ' '),
            fc.string({ maxLength: 1 }),
          ),
        }),
        (value) => {
          expect(headerSafe(value)).not.toMatch(/[\r\n\u0085\u2028\u2029]/)
        },
      ),
    )
  })
})
