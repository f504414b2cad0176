import { GetCommand } from '@aws-sdk/lib-dynamodb'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createAwsClients } from '#functions/aws-clients.ts'
import { injectDeliveryEvent } from '#functions/delivery-events/inject.ts'
import type { Enquiry } from '#functions/enquiries/item.ts'
import { silentLogger } from '#functions/log.ts'
import { createMetrics } from '#functions/metrics.ts'
import { createRetryHandler } from '#functions/notification-retry/create-handler.ts'
import { validSubmission } from '#functions/test-fixtures/test-support.ts'
import { runEnquiries } from '#ops/enquiries-cli.ts'
import { contactApi } from '#shared/contact.ts'
import { enquiryRef } from '#shared/enquiry-table.ts'
import { type LocalPipeline, localCredentials } from './pipeline.ts'
import { type ServedPipeline, serveLocalPipeline } from './served-pipeline.ts'

/**
 * The spam verdict and SES's delivery events end to end on the local stack: posts through the
 * API Gateway adapter, the real dynalite and aws-ses-v2-local, the ops command against the same
 * table, the retry and the delivery-events handler as the deployed functions run them.
 */
let served: ServedPipeline | undefined
let stack: LocalPipeline
let apiUrl: string
let clients: ReturnType<typeof createAwsClients>

interface MailboxEmail {
  messageId: string
  subject: string
  body: { text?: string; html?: string }
}

async function mailbox(): Promise<MailboxEmail[]> {
  const response = await fetch(`${stack.mailboxUrl}/store`)
  return ((await response.json()) as { emails: MailboxEmail[] }).emails
}

/** The e-mails about one enquiry: its full id is in the body, its reference in the subject. */
async function mailFor(id: string) {
  return (await mailbox()).filter((email) => email.body.text?.includes(id))
}

async function readEnquiry(id: string) {
  const { Item } = await clients.documentClient.send(
    new GetCommand({ TableName: stack.config.enquiriesTable, Key: { id }, ConsistentRead: true }),
  )
  return Item as Enquiry | undefined
}

async function post(body: unknown) {
  const response = await fetch(`${apiUrl}/api/contacts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  // What the write started (the enquiry sender) has finished before anything is read back.
  await stack.trigger.settled()
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

/** The ops command, run as `npm run enquiries -- …` would, against this stack's table. */
async function enquiries(...args: string[]) {
  const run = { code: -1, out: '', err: '' }
  run.code = await runEnquiries(
    [...args, '--table', stack.config.enquiriesTable, '--endpoint', stack.dynamoDbUrl],
    {
      out: (text) => {
        run.out += text
      },
      err: (text) => {
        run.err += `${text}\n`
      },
      now: () => new Date(),
      env: {},
    },
  )
  return run
}

/** The scheduled retry, run as if some minutes had passed (it leaves fresh enquiries alone). */
const retryLater = () =>
  createRetryHandler({
    config: stack.config,
    clients,
    log: silentLogger,
    now: () => new Date(Date.now() + 5 * 60_000),
  })()

const enquirer = (name: string) => ({ ...validSubmission, email: `${name}@example.co.uk` })

/** An SEO sales pitch with links: what the verdict marks as likely spam but still e-mails. */
const seoPitch = {
  ...enquirer('seo-pitch'),
  message:
    'Hello, we are an SEO company helping businesses rank on the first page of Google. Can we send you a free SEO audit? Our packages: https://rank-top-seo.xyz/offers',
}

const reference = /^[0-9A-F]{8}$/

beforeAll(async () => {
  // The ops command takes a deployed table's credentials from the usual chain.
  vi.stubEnv('AWS_ACCESS_KEY_ID', localCredentials.accessKeyId)
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', localCredentials.secretAccessKey)
  served = await serveLocalPipeline()
  ;({ stack, apiUrl } = served)
  clients = createAwsClients(stack.config, { credentials: localCredentials })
})

afterAll(async () => {
  vi.unstubAllEnvs()
  clients?.documentClient.destroy()
  clients?.ses.destroy()
  await served?.close()
})

describe('spam verdicts on the local stack', () => {
  it('e-mails likely spam marked, reasons first, and a genuine enquiry unmarked with its reference', async () => {
    const spam = await post(seoPitch)
    expect(spam.status).toBe(201)
    const spamId = spam.body.id as string
    const stored = await readEnquiry(spamId)
    expect(stored).toMatchObject({ spamLevel: 'likely', emailStatus: 'sent' })
    expect(stored?.spamReasons.length).toBeGreaterThan(0)

    const [marked, ...moreMarked] = await mailFor(spamId)
    expect(moreMarked).toHaveLength(0)
    expect(marked?.subject.startsWith('[Likely spam] ')).toBe(true)
    const bodyLines = (marked?.body.text ?? '').split('\n')
    expect(bodyLines[0]).toMatch(/likely spam/i)
    expect(bodyLines.slice(1, 1 + (stored?.spamReasons.length ?? 0))).toEqual(
      stored?.spamReasons.map((reason) => `- ${reason}`),
    )

    const genuine = await post(enquirer('genuine'))
    expect(genuine.status).toBe(201)
    const genuineId = genuine.body.id as string
    expect(await readEnquiry(genuineId)).toMatchObject({ spamLevel: 'genuine', spamReasons: [] })
    const [plain] = await mailFor(genuineId)
    expect(plain?.subject).not.toContain('spam')
    const ref = enquiryRef(genuineId)
    expect(ref).toMatch(reference)
    expect(plain?.subject).toContain(`(ref ${ref})`)
    expect(plain?.subject).not.toContain(genuineId)
  })

  it('holds certain spam behind the same 201, lists it, and e-mails it once after release', async () => {
    const genuine = await post(enquirer('same-answer'))
    const bot = await post({
      ...enquirer('bot'),
      [contactApi.honeypotField]: 'https://spam.example',
    })
    expect(bot.status).toBe(genuine.status)
    expect(Object.keys(bot.body).sort()).toEqual(Object.keys(genuine.body).sort())
    const id = bot.body.id as string
    const ref = enquiryRef(id)

    expect(await readEnquiry(id)).toMatchObject({
      spamLevel: 'certain',
      emailStatus: 'held',
      emailAttempts: 0,
    })
    expect(await readEnquiry(id)).not.toHaveProperty('emailPending')
    expect(await mailFor(id)).toHaveLength(0)
    // The retry never sends what is held.
    await retryLater()
    expect(await mailFor(id)).toHaveLength(0)

    const listed = await enquiries('list', '--spam')
    expect(listed.code).toBe(0)
    expect(listed.out).toContain(ref)
    expect(listed.out).not.toContain('bot@example.co.uk')

    const released = await enquiries('release', ref)
    expect(released.code).toBe(0)
    expect(await readEnquiry(id)).toMatchObject({ emailStatus: 'pending', emailPending: 'PENDING' })
    expect((await enquiries('list', '--spam')).out).not.toContain(ref)

    await retryLater()
    await retryLater()
    const sent = await mailFor(id)
    expect(sent).toHaveLength(1)
    expect(await readEnquiry(id)).toMatchObject({ emailStatus: 'sent', emailAttempts: 1 })
  })
})

describe('delivery events on the local stack', () => {
  it('marks a bounced enquiry, lists it as undelivered, and requeues it to pending', async () => {
    const posted = await post(enquirer('bounce'))
    const id = posted.body.id as string
    const ref = enquiryRef(id)
    expect(await readEnquiry(id)).toMatchObject({ emailStatus: 'sent' })

    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    try {
      const result = await injectDeliveryEvent(
        {
          documentClient: clients.documentClient,
          tableName: stack.config.enquiriesTable,
          metrics: createMetrics('delivery-events', { stage: 'local' }),
          log: silentLogger,
        },
        'Bounce',
        id,
      )
      expect(result).toMatchObject({ enquiryId: id, outcome: 'recorded' })
    } finally {
      write.mockRestore()
    }
    expect(await readEnquiry(id)).toMatchObject({ emailStatus: 'bounced', attention: 'bounced' })

    const listed = await enquiries('list', '--undelivered')
    expect(listed.code).toBe(0)
    expect(listed.out).toMatch(new RegExp(`${ref}\\s+bounced`))

    const requeued = await enquiries('requeue', ref)
    expect(requeued.code).toBe(0)
    const after = await readEnquiry(id)
    expect(after).toMatchObject({ emailStatus: 'pending', emailPending: 'PENDING' })
    expect(after).not.toHaveProperty('attention')
  })
})
