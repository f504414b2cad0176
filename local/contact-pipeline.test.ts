import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAwsClients } from '#functions/aws-clients.ts'
import { createContactHandler } from '#functions/contact/create-handler.ts'
import { createEnquiryStore } from '#functions/enquiries/store.ts'
import { silentLogger } from '#functions/log.ts'
import { jsonEvent, testContext } from '#functions/test-fixtures/test-support.ts'
import { enquiryRef, retentionExpiresAt } from '#shared/enquiry-table.ts'
import { sampleEnquiry } from '#shared/sample-enquiry.ts'
import { mailFor, readMailbox } from './mailbox.ts'
import { type LocalPipeline, localCredentials, startLocalPipeline } from './pipeline.ts'
import { type ServedPipeline, serveLocalPipeline } from './served-pipeline.ts'

/**
 * The pipeline against real emulators: dynalite and aws-ses-v2-local on free ports, requests
 * through the local server's API Gateway adapter. Outages: contact-outages.test.ts; the retry:
 * retry-pipeline.test.ts.
 */
let served: ServedPipeline | undefined
let stack: LocalPipeline
let apiUrl: string

const mailbox = () => readMailbox(stack.mailboxUrl)
const readEnquiry = (id: string) =>
  createEnquiryStore(stack.table, stack.config.enquiriesTable).get(id)

/** A distinct enquirer per test, so tests can find their own items and e-mails. */
const enquirer = (name: string) => ({ ...sampleEnquiry, email: `${name}@example.co.uk` })

/** One post; what its write started (the enquiry sender) has finished when it resolves. */
async function post(body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${apiUrl}/api/contacts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
  await stack.trigger.settled()
  return response
}

beforeAll(async () => {
  served = await serveLocalPipeline()
  ;({ stack, apiUrl } = served)
})

afterAll(() => served?.close())

describe('contact pipeline against dynalite and aws-ses-v2-local', () => {
  it('stores a valid enquiry with its expiry and delivers the e-mail with Reply-To', async () => {
    const response = await post(enquirer('valid'))
    expect(response.status).toBe(201)
    const { id, createdAt } = (await response.json()) as { id: string; createdAt: string }

    const item = await readEnquiry(id)
    expect(item).toMatchObject({
      ...enquirer('valid'),
      id,
      createdAt,
      expiresAt: retentionExpiresAt(new Date(createdAt)),
      emailStatus: 'sent',
      emailAttempts: 1,
    })
    expect(item).not.toHaveProperty('emailPending')
    expect(item?.emailSentAt).toBeDefined()

    const [email, ...others] = await mailFor(stack.mailboxUrl, id)
    expect(others).toHaveLength(0)
    expect(email).toMatchObject({
      from: stack.config.senderEmail,
      // The enquirer first. (Its second, the enquiry's reply address, is named in the body:
      // aws-ses-v2-local keeps only a v1 SendEmail's first Reply-To.)
      replyTo: ['valid@example.co.uk'],
      destination: { to: [stack.config.agencyEmail] },
      subject: `New enquiry from Ada Lovelace, Analytical Engines Ltd (ref ${enquiryRef(id)})`,
    })
    expect(email?.body.text).toContain(sampleEnquiry.message)
    expect(email?.body.text).toMatch(
      /Your reply also goes to reply-[0-9a-f]{32}-[0-9a-f]{20}@replies\.elevate-digital\.example:/,
    )
    expect(item?.emailMessageId).toBe(email?.messageId)
  })

  it('e-mails likely spam marked, and keeps certain spam out of the mailbox, held', async () => {
    const pitch = {
      ...enquirer('pitch'),
      message:
        'Hi, I noticed your website is not ranking. We guarantee first page ranking, free audit!',
    }
    const marked = await post(pitch)
    const bot = await post({ ...enquirer('bot'), website: 'https://spam.example' })
    expect([marked.status, bot.status]).toEqual([201, 201])
    const [markedId, botId] = await Promise.all(
      [marked, bot].map(async (response) => ((await response.json()) as { id: string }).id),
    )

    const [email] = await mailFor(stack.mailboxUrl, markedId as string)
    expect(email?.subject).toBe(
      `[Likely spam] New enquiry from Ada Lovelace, Analytical Engines Ltd (ref ${enquiryRef(markedId as string)})`,
    )
    expect(email?.body.text?.split('\n')[0]).toMatch(/^Marked as likely spam \(score \d+\)/)
    expect(await readEnquiry(markedId as string)).toMatchObject({
      spamLevel: 'likely',
      emailStatus: 'sent',
    })

    expect(await mailFor(stack.mailboxUrl, botId as string)).toEqual([])
    const held = await readEnquiry(botId as string)
    expect(held).toMatchObject({ spamLevel: 'certain', emailStatus: 'held', attention: 'held' })
    expect(held).not.toHaveProperty('emailPending')
  })

  it('stores one enquiry and sends one e-mail for the same idempotency key twice', async () => {
    const headers = { 'Idempotency-Key': crypto.randomUUID() }
    const first = await post(enquirer('twice'), headers)
    const second = await post(enquirer('twice'), headers)
    expect([first.status, second.status]).toEqual([201, 201])
    const [a, b] = await Promise.all([first.json(), second.json()])
    expect(b).toEqual(a)

    expect(await stack.storedFor('twice@example.co.uk')).toHaveLength(1)
    expect(await mailFor(stack.mailboxUrl, a.id)).toHaveLength(1)
  })

  it('takes the no-JavaScript form post and redirects to the confirmation page', async () => {
    const response = await fetch(`${apiUrl}/api/contacts/form`, {
      method: 'POST',
      body: new URLSearchParams({ ...enquirer('no-js'), website: '' }),
      redirect: 'manual',
    })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/contact/sent')
    await stack.trigger.settled()
    expect((await mailbox()).some((email) => email.replyTo.includes('no-js@example.co.uk'))).toBe(
      true,
    )
  })

  it('refuses what the handler refuses, through the adapter', async () => {
    const tooBig = await post({ ...enquirer('big'), message: 'x'.repeat(17_000) })
    expect(tooBig.status).toBe(413)
    const wrongType = await fetch(`${apiUrl}/api/contacts`, { method: 'POST', body: 'hello' })
    expect(wrongType.status).toBe(415)
    const get = await fetch(`${apiUrl}/api/contacts`)
    expect(get.status).toBe(405)
    expect(get.headers.get('allow')).toBe('POST')
    expect((await fetch(`${apiUrl}/api/other`, { method: 'POST' })).status).toBe(404)
  })

  it('tells caches to keep no API answer, refusals included', async () => {
    const answers = [
      await fetch(`${apiUrl}/api/other`, { method: 'POST' }),
      await post({ ...enquirer('big'), message: 'x'.repeat(17_000) }),
      await fetch(`${apiUrl}/api/contacts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: 'x'.repeat(10 * 1024 * 1024 + 1),
      }),
    ]
    expect(answers.map((answer) => answer.status)).toEqual([404, 413, 413])
    for (const answer of answers) expect(answer.headers.get('cache-control')).toBe('no-store')
  })
})

describe('local data', () => {
  it('survives a restart of the stack, which finds its table already there', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'enquiries-data-'))
    try {
      let local = await startLocalPipeline({ dataDir, retryIntervalMs: false, log: silentLogger })
      const config = local.config
      const clients = createAwsClients(config, { credentials: localCredentials })
      const handler = createContactHandler({ config, clients, log: silentLogger })
      const response = await handler(jsonEvent(enquirer('restart')), testContext)
      const { id } = JSON.parse(response.body ?? '{}') as { id: string }
      clients.documentClient.destroy()
      clients.ses.destroy()
      await local.close()

      local = await startLocalPipeline({ dataDir, retryIntervalMs: false, log: silentLogger })
      const item = await createEnquiryStore(local.table, local.config.enquiriesTable).get(id)
      expect(item).toMatchObject({ id, email: 'restart@example.co.uk' })
      await local.close()
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
