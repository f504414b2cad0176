import { GetCommand, ScanCommand } from '@aws-sdk/lib-dynamodb'
import nodemailer from 'nodemailer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LogEntry } from '#functions/log.ts'
import { validSubmission } from '#functions/test-fixtures/test-support.ts'
import { runEnquiries } from '#ops/enquiries-cli.ts'
import { contactApi } from '#shared/contact.ts'
import { enquiryRef } from '#shared/enquiry-table.ts'
import { mailFor } from './mailbox.ts'
import type { LocalPipeline } from './pipeline.ts'
import { type ServedPipeline, serveLocalPipeline } from './served-pipeline.ts'

/**
 * Staff answering an enquiry, on the local stack: they press Reply on its e-mail and send, and
 * their mail server delivers the copy for the reply address over SMTP to the receiver standing
 * for SES receiving (as the subdomain's MX would); or they press "I have answered this". What
 * counts is recorded the moment the receiver answers; nothing of a message is kept.
 */
let served: ServedPipeline
let pipeline: LocalPipeline
let siteUrl: string
const logs: LogEntry[] = []

beforeAll(async () => {
  served = await serveLocalPipeline({ log: (entry) => logs.push(entry) })
  ;({ stack: pipeline, apiUrl: siteUrl } = served)
}, 60_000)

afterAll(() => served?.close())

let sequence = 0
/** A genuine enquiry through the API, its e-mail in the mailbox; its id and that e-mail's text. */
async function enquiry() {
  sequence++
  const email = `replies${sequence}@example.co.uk`
  const response = await fetch(`${siteUrl}${contactApi.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...validSubmission, email }),
  })
  expect(response.status).toBe(201)
  const { id } = (await response.json()) as { id: string }
  await pipeline.trigger.settled()
  const [mail] = await mailFor(pipeline.mailboxUrl, id)
  const text = mail?.body.text ?? ''
  const replyAddress = /Your reply also goes to (\S+):/.exec(text)?.[1] as string
  const answeredLink = /I have answered this: (\S+)/.exec(text)?.[1] as string
  // The Reply-To a mail client replies to: the enquirer, and the enquiry's reply address.
  expect(mail?.replyTo[0]).toBe(email)
  expect(replyAddress).toMatch(
    /^reply-[0-9a-f]{32}-[0-9a-f]{20}@replies\.elevate-digital\.example$/,
  )
  return { id, email, replyAddress, answeredLink }
}

const read = async (id: string) =>
  (
    await pipeline.table.send(
      new GetCommand({ TableName: pipeline.config.enquiriesTable, Key: { id } }),
    )
  ).Item

/** What the staff member's mail server does with the reply-address copy: real SMTP to the MX. */
async function deliver(message: {
  from: string
  to: readonly string[]
  rcpt: readonly string[]
  body?: string
  raw?: string
  headers?: Record<string, string>
}) {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: Number(new URL(pipeline.inboundUrl).port),
    secure: false,
    ignoreTLS: true,
  })
  try {
    return await transport.sendMail({
      envelope: { from: message.from, to: [...message.rcpt] },
      ...(message.raw !== undefined
        ? { raw: message.raw }
        : {
            from: message.from,
            to: [...message.to],
            subject: `Re: New enquiry from Ada Lovelace (ref ${sequence})`,
            text: message.body ?? 'Thank you for your enquiry: shall we talk on Tuesday?',
            headers: message.headers ?? {},
          }),
    })
  } finally {
    transport.close()
  }
}

/** The reply-received lines logged since `from`. */
const replyLines = (from: number) =>
  logs.slice(from).filter((entry) => entry.event.startsWith('reply_'))

const show = async (id: string) => {
  const said: string[] = []
  await runEnquiries(['show', enquiryRef(id)], {
    out: (text) => said.push(text),
    err: () => {},
    now: () => new Date(),
    env: { DYNAMODB_PORT: new URL(pipeline.dynamoDbUrl).port },
  })
  return said.join('')
}

describe('a staff reply, sent as SMTP to the enquiry e-mail’s Reply-To addresses', () => {
  it('from the agency’s domain marks it answered by the time the receiver answers, keeping nothing of the message', async () => {
    const { id, email, replyAddress } = await enquiry()
    expect(await show(id)).toMatch(/\nNot answered \(\d+ min since it came\)\n/)
    const marker = `BODY-MARKER-${Date.now()}`
    const before = logs.length
    const sent = await deliver({
      from: 'Jane Smith <jane@elevate-digital.example>',
      to: [email, replyAddress],
      rcpt: [replyAddress],
      body: `Dear Ada, ${marker}: shall we talk on Tuesday?`,
      headers: { 'X-Private-Note': marker },
    })
    expect(sent.accepted).toEqual([replyAddress])
    expect(await read(id)).toMatchObject({
      answeredAt: expect.any(String),
      answeredBy: 'jane@elevate-digital.example',
      answeredVia: 'reply',
    })
    expect(replyLines(before).map((line) => line.event)).toEqual(['reply_answered'])
    expect(await show(id)).toMatch(
      /\nAnswered: \w{3} \d+ \w{3} \d{4}, \d\d:\d\d (GMT|BST) by jane@elevate-digital\.example \(a reply to its e-mail\), \d+ min after it came\n/,
    )
    // Nothing of the message anywhere: not in the table, not in the logs.
    const everything = await pipeline.table.send(
      new ScanCommand({ TableName: pipeline.config.enquiriesTable }),
    )
    expect(JSON.stringify(everything.Items)).not.toContain(marker)
    expect(JSON.stringify(everything.Items)).not.toContain('shall we talk')
    expect(JSON.stringify(logs)).not.toContain(marker)
  })

  it('from another domain (the enquirer’s reply-all) or from the enquirer does not', async () => {
    const { id, email, replyAddress } = await enquiry()
    const before = logs.length
    await deliver({
      from: `Ada <${email}>`,
      to: [replyAddress, 'jane@elevate-digital.example'],
      rcpt: [replyAddress],
    })
    await deliver({
      from: 'someone@another-agency.example',
      to: [replyAddress],
      rcpt: [replyAddress],
    })
    expect((await read(id))?.answeredAt).toBeUndefined()
    expect(replyLines(before).map((line) => line.event)).toEqual([
      'reply_ignored_not_agency',
      'reply_ignored_not_agency',
    ])
  })

  it('a second reply changes nothing: the first answer stands', async () => {
    const { id, replyAddress } = await enquiry()
    await deliver({
      from: 'jane@elevate-digital.example',
      to: [replyAddress],
      rcpt: [replyAddress],
    })
    const first = await read(id)
    const before = logs.length
    await deliver({ from: 'tom@elevate-digital.example', to: [replyAddress], rcpt: [replyAddress] })
    expect(await read(id)).toMatchObject({
      answeredAt: first?.answeredAt,
      answeredBy: 'jane@elevate-digital.example',
    })
    expect(replyLines(before).map((line) => line.event)).toEqual(['reply_already_answered'])
  })
})

describe('bad input to the receiver changes nothing and is logged in one line', () => {
  it('no headers, huge headers, a forged In-Reply-To to a made-up address, an unknown address', async () => {
    const { id, replyAddress } = await enquiry()
    const [mail] = await mailFor(pipeline.mailboxUrl, id)
    const forged = replyAddress.replace(/-[0-9a-f]{20}@/, `-${'0'.repeat(20)}@`)
    const unknown = 'hello@replies.elevate-digital.example'
    const cases = [
      {
        raw: '\r\nA message with no header at all.\r\n',
        rcpt: [replyAddress],
        refused: 'malformed',
      },
      {
        raw: `From: jane@elevate-digital.example\r\nTo: ${replyAddress}\r\nX-Padding: ${'x'.repeat(70 * 1024)}\r\n\r\nHi\r\n`,
        rcpt: [replyAddress],
        refused: 'oversized',
      },
      {
        raw: `From: jane@elevate-digital.example\r\nTo: ${forged}\r\nIn-Reply-To: <${mail?.messageId}@eu-west-2.amazonses.com>\r\nSubject: Re: ${mail?.subject}\r\n\r\nHi\r\n`,
        rcpt: [forged],
        refused: 'unknown_address',
      },
      {
        raw: `From: jane@elevate-digital.example\r\nTo: ${unknown}\r\n\r\nHi\r\n`,
        rcpt: [unknown],
        refused: 'unknown_address',
      },
    ]
    const stored = await read(id)
    for (const { raw, rcpt, refused } of cases) {
      const before = logs.length
      await deliver({ from: 'jane@elevate-digital.example', to: rcpt, rcpt, raw })
      expect(
        replyLines(before).map((line) => line.event),
        refused,
      ).toEqual([`reply_refused_${refused}`])
    }
    expect(await read(id)).toEqual(stored)
  })

  it('mail for any other domain is refused at the door', async () => {
    const before = logs.length
    await expect(
      deliver({
        from: 'jane@elevate-digital.example',
        to: ['ada@example.co.uk'],
        rcpt: ['ada@example.co.uk'],
      }),
    ).rejects.toThrow(/550/)
    expect(replyLines(before)).toEqual([])
  })
})

describe('"I have answered this", for an answer given another way', () => {
  it('shows a page on GET (a scanner changes nothing), records the answer on the button’s POST, once', async () => {
    const { id, replyAddress, answeredLink } = await enquiry()
    expect(answeredLink.startsWith(`${siteUrl}/api/enquiry-actions?t=v1.local.`)).toBe(true)
    for (let i = 0; i < 2; i++) {
      const page = await (await fetch(answeredLink)).text()
      expect(page).toContain('I have answered this</button>')
    }
    expect((await read(id))?.answeredAt).toBeUndefined()
    const press = () =>
      fetch(`${siteUrl}/api/enquiry-actions`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          t: new URL(answeredLink).searchParams.get('t') ?? '',
        }).toString(),
      })
    expect(await (await press()).text()).toContain('Marked as answered')
    const answered = await read(id)
    expect(answered).toMatchObject({
      answeredVia: 'link',
      staffActions: [{ action: 'answer', by: 'link', at: answered?.answeredAt }],
    })
    expect(answered?.answeredBy).toBeUndefined()
    const again = await (await press()).text()
    expect(again).toContain('This enquiry was already answered')
    expect(again).toContain('with the “I have answered this” link')
    // A reply after it changes nothing.
    await deliver({
      from: 'jane@elevate-digital.example',
      to: [replyAddress],
      rcpt: [replyAddress],
    })
    expect(await read(id)).toEqual(answered)
    expect(await show(id)).toContain('with the "I have answered this" link')
  })
})
