import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb'
import { SendEmailCommand, type SendEmailCommandInput } from '@aws-sdk/client-ses'
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { afterAll, beforeEach, expect } from 'vitest'
import { contactFields, contactSchema } from '#shared/contact.ts'
import { normaliseEmail, retentionExpiresAt } from '#shared/enquiry-table.ts'
import { createContactHandler } from '../contact/create-handler.ts'
import { renderEnquiryEmail } from '../enquiries/email.ts'
import type { Enquiry } from '../enquiries/item.ts'
import { createSenderHandler } from '../enquiry-sender/create-handler.ts'
import { silentLogger } from '../log.ts'
import { landedPuts, streamEventOf } from './stream-trigger.ts'
import {
  type httpEvent,
  mockAwsClients,
  testClients,
  testConfig,
  testContext,
  validSubmission,
} from './test-support.ts'

/**
 * The real contact handler with DynamoDB and SES replaced by an in-memory table and an outbox,
 * and what may come back from it and be kept, whatever was sent: the hostile-input tests' oracle.
 */
const { dynamo, ses } = mockAwsClients()

/** The table, as the handler would leave it: items by id. */
export const table = new Map<string, Record<string, unknown>>()
export const outbox: SendEmailCommandInput[] = []

const handler = createContactHandler({
  config: testConfig,
  clients: testClients(),
  log: silentLogger,
})
/** The sender the table's write starts (its stream), on the same table and outbox. */
const sender = createSenderHandler({
  config: testConfig,
  clients: testClients(),
  log: silentLogger,
})

/** Lone UTF-16 surrogates: text no mail server or HTTP client can encode. */
const loneSurrogate = /\p{Cs}/u
/** What must never appear in a mail header: line breaks of any kind and control characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const headerBreaker = /[\u0000-\u001f\u007f\u0085\u2028\u2029]/

const storedKeys = new Set<string>([
  ...contactFields,
  'id',
  'createdAt',
  'expiresAt',
  'emailNormalised',
  'createdDay',
  'submissionHash',
  'ref',
  'emailPending',
  'emailStatus',
  'emailStatusAt',
  'attention',
  'emailAttempts',
  'emailLastAttemptAt',
  'emailSentAt',
  'emailMessageId',
  'emailClaimedUntil',
  'spamLevel',
  'spamScore',
  'spamReasons',
  'messageHash',
  'messageSender',
])

/** Every stored item is a valid enquiry: what the schema would make of it, and nothing else. */
function expectValidItem(item: Record<string, unknown>) {
  for (const key of Object.keys(item)) expect(storedKeys, `stored key ${key}`).toContain(key)
  const fields = Object.fromEntries(contactFields.map((field) => [field, item[field]]))
  const reparsed = contactSchema.safeParse(fields)
  expect(reparsed.success, 'the stored fields pass the schema').toBe(true)
  expect(reparsed.data).toEqual(fields)
  for (const field of contactFields) {
    expect(loneSurrogate.test(String(item[field])), `${field} is well-formed text`).toBe(false)
  }
  expect(item.emailNormalised).toBe(normaliseEmail(String(item.email)))
  expect(item.expiresAt).toBe(retentionExpiresAt(new Date(String(item.createdAt))))
  expect(item.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
}

/** The tags of the e-mail's HTML, `<br>`s apart: what the template writes, never more. */
const skeleton = (html: string) =>
  (html.match(/<[^>]*>?/g) ?? []).filter((tag) => tag !== '<br>').join('')
/** The template's skeleton for an item's verdict (a marked e-mail lists its reasons first). */
const templateSkeleton = (item: Record<string, unknown>) =>
  skeleton(
    renderEnquiryEmail({
      ...validSubmission,
      id: '00000000-0000-4000-8000-000000000000',
      createdAt: new Date(0).toISOString(),
      spamLevel: item.spamLevel,
      spamScore: 0,
      spamReasons: (item.spamReasons as string[]).map(() => 'a reason'),
    } as Enquiry).html,
  )

/** The e-mail about a stored item: safe headers, and markup only from the template. */
function expectSafeEmail(email: SendEmailCommandInput, item: Record<string, unknown>) {
  const headers = {
    Source: email.Source,
    To: email.Destination?.ToAddresses?.join(', '),
    ReplyTo: email.ReplyToAddresses?.join(', '),
    Subject: email.Message?.Subject?.Data,
  }
  for (const [name, value] of Object.entries(headers)) {
    expect(typeof value, name).toBe('string')
    expect(headerBreaker.test(value as string), `${name} has no line break or control`).toBe(false)
    expect(loneSurrogate.test(value as string), `${name} is encodable`).toBe(false)
  }
  expect(email.Source).toBe(testConfig.senderEmail)
  expect(email.Destination?.ToAddresses).toEqual([testConfig.agencyEmail])
  expect(email.ReplyToAddresses).toEqual([item.email])
  expect(headers.Subject).toContain(`(ref ${item.ref})`)

  const html = email.Message?.Body?.Html?.Data ?? ''
  const text = email.Message?.Body?.Text?.Data ?? ''
  expect(skeleton(html), 'no markup from the payload').toBe(templateSkeleton(item))
  const lineBreaks = String(item.message).match(/\r\n|\r|\n/g)?.length ?? 0
  expect(html.split('<br>').length - 1).toBe(lineBreaks)
  expect(loneSurrogate.test(html) || loneSurrogate.test(text), 'bodies are encodable').toBe(false)
}

export interface Outcome {
  readonly statusCode: number
  readonly headers: Record<string, string>
  readonly body?: string | undefined
}

export async function send(event: ReturnType<typeof httpEvent>): Promise<Outcome> {
  table.clear()
  outbox.length = 0
  const putsBefore = dynamo.commandCalls(PutCommand).length
  const outcome = (await handler(event, testContext)) as Outcome
  const stream = streamEventOf(await landedPuts(dynamo.commandCalls(PutCommand).slice(putsBefore)))
  if (stream.Records.length > 0) await sender(stream, testContext)
  return outcome
}

/** An answer the visitor (or the form's toast) can read: a 4xx or 201 with a JSON message. */
export function expectJsonAnswer(response: Outcome) {
  expect(
    response.statusCode === 201 || (response.statusCode >= 400 && response.statusCode < 500),
  ).toBe(true)
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
  const body = JSON.parse(response.body ?? '') as { message?: unknown; id?: unknown }
  expect(typeof body.message).toBe('string')
  expect((body.message as string).length).toBeGreaterThan(0)
  if (response.statusCode === 201) expect(typeof body.id).toBe('string')
  return body
}

/** After any request: every stored item valid, and each e-mailed once, safely. */
export function expectTableAndOutbox() {
  const stored = [...table.values()]
  for (const item of stored) expectValidItem(item)
  // Certain spam is kept, not e-mailed.
  const items = stored.filter((item) => item.emailStatus !== 'held')
  expect(outbox).toHaveLength(items.length)
  for (const [index, email] of outbox.entries()) {
    const item = items[index] as Record<string, unknown>
    expectSafeEmail(email, item)
  }
}

/**
 * The in-memory table and outbox behind every request of a test file, and the check, after all
 * of them, that no payload reached `Object.prototype`.
 */
export function inMemoryAwsPerTest() {
  beforeEach(() => {
    dynamo.reset()
    ses.reset()
    dynamo.on(PutCommand).callsFake((input: { Item: Record<string, unknown> }) => {
      const id = String(input.Item.id)
      if (table.has(id)) {
        throw new ConditionalCheckFailedException({ message: 'exists', $metadata: {} })
      }
      // What DynamoDB keeps is a copy: later changes to the handler's object do not reach it.
      table.set(id, structuredClone(input.Item))
      return {}
    })
    dynamo
      .on(GetCommand)
      .callsFake((input: { Key: { id: string } }) => ({ Item: table.get(input.Key.id) }))
    dynamo.on(QueryCommand).resolves({ Items: [] })
    dynamo.on(UpdateCommand).callsFake((input: { Key: { id: string } }) => {
      const item = table.get(input.Key.id)
      if (!item) throw new ConditionalCheckFailedException({ message: 'gone', $metadata: {} })
      item.emailAttempts = Number(item.emailAttempts ?? 0) + 1
      return { Attributes: { emailAttempts: item.emailAttempts } }
    })
    ses.on(SendEmailCommand).callsFake((input: SendEmailCommandInput) => {
      outbox.push(input)
      return { MessageId: `message-${outbox.length}` }
    })
  })

  const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort()
  afterAll(() => {
    // No payload, whatever its keys, reached Object.prototype.
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys)
    expect(({} as Record<string, unknown>).admin).toBeUndefined()
  })
}
