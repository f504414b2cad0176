import { afterEach, describe, expect, it } from 'vitest'
import { createAwsClients } from '../aws-clients.ts'
import type { LogEntry } from '../log.ts'
import {
  type EndpointBehaviour,
  jsonEvent,
  type ScriptedEndpoint,
  startScriptedEndpoint,
  testConfig,
  testContext,
  validSubmission,
} from '../test-fixtures/test-support.ts'
import { createContactHandler } from './create-handler.ts'
import { CONTACT_BUDGET_MS, REPEATS_BY_MS, STORED_BY_MS } from './submit.ts'

/**
 * The contact function against a DynamoDB that drips its answers, byte by byte, on real
 * sockets: no SDK timeout ends such a call (aws-clients.test.ts), only the request's deadline.
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
  GetItem: '{}',
  Query: '{"Items":[],"Count":0,"ScannedCount":0}',
}
// A message long enough to be fingerprinted, so the repeat lookup runs.
const submission = { ...validSubmission, message: 'We would like a new website for our bakery.' }

let endpoints: ScriptedEndpoint[] = []
afterEach(async () => {
  await Promise.all(endpoints.map((endpoint) => endpoint.close()))
  endpoints = []
})

async function contactWith(dripping: (operation: string) => boolean) {
  const dynamo = await startScriptedEndpoint((operation) => {
    const body = dynamoAnswers[operation] ?? '{}'
    // Padded with spaces (still the same JSON) so that its drip lasts about 20 s.
    return dripping(operation)
      ? { body: body.padEnd(50), drip: { from: 'body', everyMs: 400 } }
      : { body }
  })
  const ses = await startScriptedEndpoint(() => sesAnswer)
  endpoints.push(dynamo, ses)
  const config = { ...testConfig, dynamoDbEndpoint: dynamo.url, sesEndpoint: ses.url }
  const logs: LogEntry[] = []
  const handler = createContactHandler({
    config,
    clients: createAwsClients(config, { credentials: { accessKeyId: 'a', secretAccessKey: 'b' } }),
    log: (entry) => logs.push(entry),
  })
  const started = performance.now()
  const response = await handler(jsonEvent(submission), testContext)
  return { response, ms: performance.now() - started, dynamo, ses, logs }
}

describe('the contact function against a DynamoDB that drips', () => {
  it('gives up the repeat lookup at its share of the budget, then stores and e-mails the enquiry', async () => {
    const { response, ms, dynamo, ses, logs } = await contactWith((op) => op === 'Query')
    expect(response.statusCode).toBe(201)
    expect(ms).toBeGreaterThanOrEqual(REPEATS_BY_MS - 50)
    expect(ms).toBeLessThan(REPEATS_BY_MS + 1_500)
    expect(dynamo.received).toEqual(['Query', 'PutItem', 'UpdateItem'])
    expect(ses.received).toEqual(['SendEmail'])
    expect(logs).toContainEqual(
      expect.objectContaining({ event: 'spam_repeat_lookup_failed', errorName: 'AbortError' }),
    )
  })

  it('answers 503 with Retry-After by the end of storage’s share when every answer drips', async () => {
    const { response, ms, ses } = await contactWith(() => true)
    expect(response.statusCode).toBe(503)
    expect(response.headers['retry-after']).toBe('60')
    expect(ms).toBeGreaterThanOrEqual(STORED_BY_MS - 50)
    expect(ms).toBeLessThan(CONTACT_BUDGET_MS)
    expect(ses.received).toEqual([])
  }, 15_000)
})
