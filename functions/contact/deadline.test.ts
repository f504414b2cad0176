import { afterEach, describe, expect, it } from 'vitest'
import { createSenderHandler } from '../enquiry-sender/create-handler.ts'
import { REPEATS_BY_MS } from '../enquiry-sender/send-new.ts'
import type { LogEntry } from '../log.ts'
import { streamEventOf } from '../test-fixtures/stream-trigger.ts'
import {
  type EndpointBehaviour,
  jsonEvent,
  type ScriptedEndpoint,
  startScriptedEndpoint,
  testClients,
  testConfig,
  testContext,
  validSubmission,
} from '../test-fixtures/test-support.ts'
import { createContactHandler } from './create-handler.ts'
import { CONTACT_BUDGET_MS, READ_BACK_BY_MS } from './store-confirmed.ts'

/**
 * The contact function, and the sender its write starts, against a DynamoDB that drips its
 * answers, byte by byte, on real sockets: no SDK timeout ends such a call (aws-clients.test.ts),
 * only the request's deadline.
 */
const sesAnswer: EndpointBehaviour = {
  contentType: 'text/xml',
  body:
    '<SendEmailResponse xmlns="http://ses.amazonaws.com/doc/2010-12-01/"><SendEmailResult>' +
    '<MessageId>scripted-1</MessageId></SendEmailResult><ResponseMetadata><RequestId>r</RequestId>' +
    '</ResponseMetadata></SendEmailResponse>',
}
const dynamoAnswers: Record<string, string> = {
  PutItem: '{}',
  UpdateItem: '{}',
  Query: '{"Items":[],"Count":0,"ScannedCount":0}',
}
// A message long enough to be fingerprinted, so the repeat lookup runs.
const submission = { ...validSubmission, message: 'We would like a new website for our bakery.' }

let endpoints: ScriptedEndpoint[] = []
/** The enquiry the sender reads back (set once the contact function stored it). */
let stored: Record<string, unknown> | undefined
const getAnswer = () =>
  stored
    ? JSON.stringify({
        Item: {
          ...Object.fromEntries(Object.entries(stored).map(([k, v]) => [k, { S: String(v) }])),
          emailStatus: { S: 'pending' },
          emailAttempts: { N: '0' },
          spamLevel: { S: 'genuine' },
          spamScore: { N: '0' },
          spamReasons: { L: [] },
          createdAt: { S: new Date().toISOString() },
          expiresAt: { N: String(Math.floor(Date.now() / 1000) + 3600) },
          messageHash: { S: 'h' },
          messageSender: { S: `${new Date().toISOString()}#me` },
        },
      })
    : '{}'
afterEach(async () => {
  stored = undefined
  await Promise.all(endpoints.map((endpoint) => endpoint.close()))
  endpoints = []
})

async function contactWith(dripping: (operation: string) => boolean) {
  const dynamo = await startScriptedEndpoint((operation) => {
    const body = operation === 'GetItem' ? getAnswer() : (dynamoAnswers[operation] ?? '{}')
    // Padded with spaces (still the same JSON) so that its drip lasts about 20 s.
    return dripping(operation)
      ? { body: body.padEnd(50), drip: { from: 'body', everyMs: 400 } }
      : { body }
  })
  const ses = await startScriptedEndpoint(() => sesAnswer)
  endpoints.push(dynamo, ses)
  const config = { ...testConfig, dynamoDbEndpoint: dynamo.url, sesEndpoint: ses.url }
  const logs: LogEntry[] = []
  const clients = testClients(config)
  const handler = createContactHandler({ config, clients, log: (entry) => logs.push(entry) })
  const started = performance.now()
  const response = await handler(jsonEvent(submission), testContext)
  const answeredMs = performance.now() - started
  const sender = async () => {
    const { id } = JSON.parse(String(response.body)) as { id: string }
    // The item as the write stored it: what the sender reads back.
    const item = { ...submission, id, emailPending: 'PENDING' }
    stored = item
    const senderStarted = performance.now()
    await createSenderHandler({ config, clients, log: (entry) => logs.push(entry) })(
      streamEventOf([item]),
      testContext,
    )
    return performance.now() - senderStarted
  }
  return { response, ms: answeredMs, dynamo, ses, logs, sender }
}

describe('the contact function against a DynamoDB that drips', () => {
  it('gives up the repeat lookup at its share of the budget, then stores and e-mails the enquiry', {
    timeout: 15_000,
  }, async () => {
    const { response, ms, dynamo, ses, logs, sender } = await contactWith((op) => op === 'Query')
    expect(response.statusCode).toBe(201)
    // The visitor's wait is the write alone; the lookup is the sender's, bounded by its share.
    expect(ms).toBeLessThan(1_000)
    const senderMs = await sender()
    expect(senderMs).toBeGreaterThanOrEqual(REPEATS_BY_MS - 50)
    expect(senderMs).toBeLessThan(REPEATS_BY_MS + 1_500)
    expect(dynamo.received).toEqual(['PutItem', 'GetItem', 'Query', 'UpdateItem', 'UpdateItem'])
    expect(ses.received).toEqual(['SendEmail'])
    expect(logs).toContainEqual(
      expect.objectContaining({ event: 'spam_repeat_lookup_failed', errorName: 'AbortError' }),
    )
  })

  it('answers 504, the outcome unknown, by the end of the read-back’s share when every answer drips', async () => {
    const { response, ms, ses, dynamo } = await contactWith(() => true)
    // The put may have landed (its answer only drips): a read of its id could not tell either.
    expect(response.statusCode).toBe(504)
    expect(JSON.parse(String(response.body)).message).toMatch(/could not confirm.*send it again/)
    expect(dynamo.received).toEqual(['PutItem', 'GetItem'])
    expect(ms).toBeGreaterThanOrEqual(READ_BACK_BY_MS - 50)
    expect(ms).toBeLessThan(CONTACT_BUDGET_MS)
    expect(ses.received).toEqual([])
  }, 15_000)
})
