import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { type AddressInfo, createServer as createTcpServer, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DynamoDBClient } from '@aws-sdk/client-dynamodb'
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAwsClients } from '../../functions/aws-clients.ts'
import { createContactHandler } from '../../functions/contact/create-handler.ts'
import { CONTACT_BUDGET_MS } from '../../functions/contact/submit.ts'
import { buildEnquiry, type Enquiry } from '../../functions/enquiries/item.ts'
import { MAX_EMAIL_ATTEMPTS } from '../../functions/enquiries/notify.ts'
import { silentLogger } from '../../functions/log.ts'
import { createRetryHandler } from '../../functions/notification-retry/create-handler.ts'
import {
  jsonEvent,
  testContext,
  validSubmission,
} from '../../functions/test-fixtures/test-support.ts'
import { enquiryRef, retentionExpiresAt } from '../../shared/enquiry-table.ts'
import { type ApiStack, localCredentials, startApiStack } from './api-stack.ts'

/**
 * The pipeline against real emulators: dynalite and aws-ses-v2-local on free ports, requests
 * through the local server's API Gateway adapter.
 */
let stack: ApiStack
let server: Server
let apiUrl: string
let documentClient: DynamoDBDocumentClient

interface MailboxEmail {
  messageId: string
  from: string
  replyTo: string[]
  destination: { to: string[] }
  subject: string
  body: { text?: string; html?: string }
}

async function mailbox(): Promise<MailboxEmail[]> {
  const response = await fetch(`${stack.mailboxUrl}/store`)
  return ((await response.json()) as { emails: MailboxEmail[] }).emails
}

async function mailFor(id: string) {
  return (await mailbox()).filter((email) => email.body.text?.includes(`(id ${id})`))
}

async function readEnquiry(id: string) {
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: stack.config.enquiriesTable, Key: { id }, ConsistentRead: true }),
  )
  return Item as Enquiry | undefined
}

/** A distinct enquirer per test, so tests can find their own items and e-mails. */
const enquirer = (name: string) => ({ ...validSubmission, email: `${name}@example.co.uk` })

function post(body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${apiUrl}/api/contacts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
}

/** A port nothing listens on: what a service that is down looks like. */
async function deadEndpoint(): Promise<string> {
  const probe = createServer().listen(0, '127.0.0.1')
  await once(probe, 'listening')
  const { port } = probe.address() as AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return `http://127.0.0.1:${port}`
}

/**
 * A service that hangs: it accepts connections and never answers (a paused process, a black
 * hole), the case a refused port does not show.
 */
async function hungEndpoint() {
  const sockets = new Set<Socket>()
  const hung = createTcpServer((socket) => {
    sockets.add(socket)
    socket.on('error', () => {})
  }).listen(0, '127.0.0.1')
  await once(hung, 'listening')
  return {
    url: `http://127.0.0.1:${(hung.address() as AddressInfo).port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => hung.close(resolve))
    },
  }
}

async function enquiriesOf(email: string) {
  const { Items } = await documentClient.send(
    new QueryCommand({
      TableName: stack.config.enquiriesTable,
      IndexName: 'by-email',
      KeyConditionExpression: 'emailNormalised = :email',
      ExpressionAttributeValues: { ':email': email },
    }),
  )
  return Items ?? []
}

beforeAll(async () => {
  stack = await startApiStack({ retryIntervalMs: false, log: silentLogger })
  server = createServer((req, res) => {
    stack.handle(req, res).catch(() => res.destroy())
  }).listen(0, '127.0.0.1')
  await once(server, 'listening')
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  documentClient = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: stack.config.region,
      endpoint: stack.dynamoDbUrl,
      credentials: localCredentials,
    }),
  )
})

afterAll(async () => {
  documentClient?.destroy()
  server?.closeAllConnections()
  await new Promise((resolve) => server?.close(resolve))
  await stack?.close()
})

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

    const [email, ...others] = await mailFor(id)
    expect(others).toHaveLength(0)
    expect(email).toMatchObject({
      from: stack.config.senderEmail,
      replyTo: ['valid@example.co.uk'],
      destination: { to: [stack.config.agencyEmail] },
      subject: `New enquiry from Ada Lovelace, Analytical Engines Ltd (ref ${enquiryRef(id)})`,
    })
    expect(email?.body.text).toContain(validSubmission.message)
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

    const [email] = await mailFor(markedId as string)
    expect(email?.subject).toBe(
      `[Likely spam] New enquiry from Ada Lovelace, Analytical Engines Ltd (ref ${enquiryRef(markedId as string)})`,
    )
    expect(email?.body.text?.split('\n')[0]).toMatch(/^Marked as likely spam \(score \d+\)/)
    expect(await readEnquiry(markedId as string)).toMatchObject({
      spamLevel: 'likely',
      emailStatus: 'sent',
    })

    expect(await mailFor(botId as string)).toEqual([])
    const held = await readEnquiry(botId as string)
    expect(held).toMatchObject({ spamLevel: 'certain', emailStatus: 'held', attention: 'held' })
    expect(held).not.toHaveProperty('emailPending')
  })

  it('keeps an enquiry pending when SES is down, and the retry sends it later', async () => {
    const config = { ...stack.config, sesEndpoint: await deadEndpoint() }
    const clients = createAwsClients(config, { credentials: localCredentials })
    const sesDown = createContactHandler({ config, clients, log: silentLogger })
    try {
      const response = await sesDown(jsonEvent(enquirer('ses-down')), testContext)
      expect(response.statusCode).toBe(201)
      const { id, createdAt } = JSON.parse(response.body ?? '{}') as {
        id: string
        createdAt: string
      }

      expect(await readEnquiry(id)).toMatchObject({
        emailPending: 'PENDING',
        emailStatus: 'pending',
        emailAttempts: 1,
      })
      expect(await mailFor(id)).toHaveLength(0)

      // Too early: the retry leaves enquiries alone for their first minute.
      const liveClients = createAwsClients(stack.config, { credentials: localCredentials })
      const retryAt = (msAfter: number) =>
        createRetryHandler({
          config: stack.config,
          clients: liveClients,
          log: silentLogger,
          now: () => new Date(Date.parse(createdAt) + msAfter),
        })
      await retryAt(30_000)()
      expect(await mailFor(id)).toHaveLength(0)

      const summary = await retryAt(2 * 60_000)()
      expect(summary.sentCount).toBeGreaterThanOrEqual(1)
      const [email] = await mailFor(id)
      expect(email?.replyTo).toEqual(['ses-down@example.co.uk'])
      expect(await readEnquiry(id)).toMatchObject({ emailStatus: 'sent', emailAttempts: 2 })
      expect(await readEnquiry(id)).not.toHaveProperty('emailPending')
      liveClients.documentClient.destroy()
      liveClients.ses.destroy()
    } finally {
      clients.documentClient.destroy()
      clients.ses.destroy()
    }
  })

  it('answers 503 and sends nothing when DynamoDB is down', async () => {
    const config = { ...stack.config, dynamoDbEndpoint: await deadEndpoint() }
    const clients = createAwsClients(config, { credentials: localCredentials })
    const before = (await mailbox()).length
    try {
      const handler = createContactHandler({ config, clients, log: silentLogger })
      const response = await handler(jsonEvent(enquirer('dynamodb-down')), testContext)
      expect(response.statusCode).toBe(503)
      expect(JSON.parse(response.body ?? '{}').message).toMatch(/could not save/)
      expect(await mailbox()).toHaveLength(before)
    } finally {
      clients.documentClient.destroy()
      clients.ses.destroy()
    }
  })

  it('answers 503 with Retry-After within its budget when DynamoDB hangs, storing nothing', async () => {
    const hung = await hungEndpoint()
    const config = { ...stack.config, dynamoDbEndpoint: hung.url }
    const clients = createAwsClients(config, { credentials: localCredentials })
    const before = (await mailbox()).length
    try {
      const handler = createContactHandler({ config, clients, log: silentLogger })
      const started = performance.now()
      const response = await handler(jsonEvent(enquirer('dynamodb-hung')), testContext)
      const elapsed = performance.now() - started
      expect(response.statusCode).toBe(503)
      expect(response.headers['retry-after']).toBe('60')
      expect(elapsed).toBeLessThan(CONTACT_BUDGET_MS)
      expect(await enquiriesOf('dynamodb-hung@example.co.uk')).toHaveLength(0)
      expect(await mailbox()).toHaveLength(before)
    } finally {
      clients.documentClient.destroy()
      clients.ses.destroy()
      await hung.close()
    }
  }, 20_000)

  it('answers 201 within its budget when SES hangs, leaving the enquiry pending', async () => {
    const hung = await hungEndpoint()
    const config = { ...stack.config, sesEndpoint: hung.url }
    const clients = createAwsClients(config, { credentials: localCredentials })
    try {
      const handler = createContactHandler({ config, clients, log: silentLogger })
      const started = performance.now()
      const response = await handler(jsonEvent(enquirer('ses-hung')), testContext)
      const elapsed = performance.now() - started
      expect(response.statusCode).toBe(201)
      expect(elapsed).toBeLessThan(CONTACT_BUDGET_MS + 500)
      const { id } = JSON.parse(response.body ?? '{}') as { id: string }
      expect(await readEnquiry(id)).toMatchObject({
        emailPending: 'PENDING',
        emailStatus: 'pending',
        emailAttempts: 1,
      })
      expect(await mailFor(id)).toHaveLength(0)
    } finally {
      clients.documentClient.destroy()
      clients.ses.destroy()
      await hung.close()
    }
  }, 20_000)

  it('stores one enquiry and sends one e-mail for the same idempotency key twice', async () => {
    const headers = { 'Idempotency-Key': crypto.randomUUID() }
    const first = await post(enquirer('twice'), headers)
    const second = await post(enquirer('twice'), headers)
    expect([first.status, second.status]).toEqual([201, 201])
    const [a, b] = await Promise.all([first.json(), second.json()])
    expect(b).toEqual(a)

    const { Items } = await documentClient.send(
      new QueryCommand({
        TableName: stack.config.enquiriesTable,
        IndexName: 'by-email',
        KeyConditionExpression: 'emailNormalised = :email',
        ExpressionAttributeValues: { ':email': 'twice@example.co.uk' },
      }),
    )
    expect(Items).toHaveLength(1)
    expect(await mailFor(a.id)).toHaveLength(1)
  })

  it('takes the no-JavaScript form post and redirects to the confirmation page', async () => {
    const response = await fetch(`${apiUrl}/api/contacts/form`, {
      method: 'POST',
      body: new URLSearchParams({ ...enquirer('no-js'), website: '' }),
      redirect: 'manual',
    })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/contact/sent')
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

describe('the retry against dynalite', () => {
  const retryAt = (at: Date, config = stack.config) => {
    const clients = createAwsClients(config, { credentials: localCredentials })
    const retry = createRetryHandler({ config, clients, log: silentLogger, now: () => at })
    return async () => {
      try {
        return await retry()
      } finally {
        clients.documentClient.destroy()
        clients.ses.destroy()
      }
    }
  }

  async function putEnquiry(enquiry: Enquiry) {
    await documentClient.send(
      new PutCommand({ TableName: stack.config.enquiriesTable, Item: enquiry }),
    )
  }

  async function indexIds(indexName: string, key: string, value: string) {
    const { Items } = await documentClient.send(
      new QueryCommand({
        TableName: stack.config.enquiriesTable,
        IndexName: indexName,
        KeyConditionExpression: '#key = :value',
        ExpressionAttributeNames: { '#key': key },
        ExpressionAttributeValues: { ':value': value },
      }),
    )
    return (Items ?? []).map((item) => String(item.id))
  }

  it('gives an enquiry up after its last attempt: out of the pending index, into needs-attention', async () => {
    const now = new Date()
    const id = crypto.randomUUID()
    await putEnquiry({
      ...buildEnquiry(enquirer('last-try'), id, new Date(now.getTime() - 3 * 3_600_000)),
      emailAttempts: MAX_EMAIL_ATTEMPTS - 1,
      emailLastAttemptAt: new Date(now.getTime() - 2 * 3_600_000).toISOString(),
    })
    const sesDown = { ...stack.config, sesEndpoint: await deadEndpoint() }
    await retryAt(now, sesDown)()

    expect(await readEnquiry(id)).toMatchObject({
      emailStatus: 'gave-up',
      attention: 'gave-up',
      emailAttempts: MAX_EMAIL_ATTEMPTS,
    })
    expect(await readEnquiry(id)).not.toHaveProperty('emailPending')
    expect(await indexIds('pending-email', 'emailPending', 'PENDING')).not.toContain(id)
    expect(await indexIds('needs-attention', 'attention', 'gave-up')).toContain(id)
  })

  it('sends a new enquiry on the next run even with 55 out of attempts ahead of it', async () => {
    const now = new Date()
    const exhausted: string[] = []
    for (let index = 0; index < 55; index++) {
      const id = crypto.randomUUID()
      exhausted.push(id)
      await putEnquiry({
        ...buildEnquiry(enquirer('exhausted'), id, new Date(now.getTime() - 4 * 3_600_000 + index)),
        emailAttempts: MAX_EMAIL_ATTEMPTS,
      })
    }
    const fresh = crypto.randomUUID()
    await putEnquiry(buildEnquiry(enquirer('fresh'), fresh, new Date(now.getTime() - 2 * 60_000)))

    await retryAt(now)()

    expect(await mailFor(fresh)).toHaveLength(1)
    expect(await readEnquiry(fresh)).toMatchObject({ emailStatus: 'sent' })
    const pendingIds = await indexIds('pending-email', 'emailPending', 'PENDING')
    const attention = await indexIds('needs-attention', 'attention', 'gave-up')
    for (const id of exhausted) {
      expect(pendingIds).not.toContain(id)
      expect(attention).toContain(id)
    }
    expect(await mailFor(exhausted[0] as string)).toHaveLength(0)
  })
})

describe('local data', () => {
  it('survives a restart of the stack, which finds its table already there', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'enquiries-data-'))
    try {
      let local = await startApiStack({ dataDir, retryIntervalMs: false, log: silentLogger })
      const config = local.config
      const clients = createAwsClients(config, { credentials: localCredentials })
      const handler = createContactHandler({ config, clients, log: silentLogger })
      const response = await handler(jsonEvent(enquirer('restart')), testContext)
      const { id } = JSON.parse(response.body ?? '{}') as { id: string }
      clients.documentClient.destroy()
      clients.ses.destroy()
      await local.close()

      local = await startApiStack({ dataDir, retryIntervalMs: false, log: silentLogger })
      const reader = DynamoDBDocumentClient.from(
        new DynamoDBClient({
          region: 'eu-west-2',
          endpoint: local.dynamoDbUrl,
          credentials: localCredentials,
        }),
      )
      const { Item } = await reader.send(
        new GetCommand({ TableName: local.config.enquiriesTable, Key: { id } }),
      )
      expect(Item).toMatchObject({ id, email: 'restart@example.co.uk' })
      reader.destroy()
      await local.close()
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
