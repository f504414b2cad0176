import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb'
import { SendEmailCommand } from '@aws-sdk/client-ses'
import { afterEach, describe, expect, it } from 'vitest'
import { createSesClient, requestHandlerOptions } from './aws-clients.ts'
import {
  type EndpointBehaviour,
  type ScriptedEndpoint,
  startScriptedEndpoint,
  testConfig,
} from './test-fixtures/test-support.ts'

/**
 * What the installed @smithy/node-http-handler really does with the functions' per-attempt
 * settings, against sockets that misbehave as a struggling service does. The deadlines of
 * docs/decisions/0012 rest on these facts: `requestTimeout` (with `throwOnRequestTimeout`)
 * bounds the wait for an answer's headers; a body that drips after them is bounded only by an
 * abort signal, which is why every call of a request runs under the request's own deadline.
 */
const describeTable = JSON.stringify({ Table: { TableName: 'enquiries', ItemCount: 0 } })
let endpoint: ScriptedEndpoint | undefined
afterEach(async () => {
  await endpoint?.close()
  endpoint = undefined
})

/** One attempt (the shipped settings, without retries) against an endpoint answering so. */
async function oneAttempt(behaviour: EndpointBehaviour, signal?: AbortSignal) {
  endpoint = await startScriptedEndpoint(() => behaviour)
  const client = new DynamoDBClient({
    region: 'eu-west-2',
    endpoint: endpoint.url,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    maxAttempts: 1,
    requestHandler: requestHandlerOptions,
  })
  const started = performance.now()
  try {
    await client.send(new DescribeTableCommand({ TableName: 'enquiries' }), {
      abortSignal: signal,
    })
    return { outcome: 'answered', ms: performance.now() - started }
  } catch (error) {
    return { outcome: (error as Error).name, ms: performance.now() - started }
  } finally {
    client.destroy()
  }
}

const { requestTimeout } = requestHandlerOptions

describe('an SDK call with the functions’ request handler settings', () => {
  // Each waits out a requestTimeout of 6 s or more: past Vitest's default 5 s.
  it('fails at requestTimeout against a socket that accepts and never answers', {
    timeout: 15_000,
  }, async () => {
    const { outcome, ms } = await oneAttempt('hang')
    expect(outcome).toBe('TimeoutError')
    expect(ms).toBeGreaterThanOrEqual(requestTimeout - 50)
    expect(ms).toBeLessThan(requestTimeout + 1_500)
  })

  it('fails at requestTimeout when the headers drip', { timeout: 15_000 }, async () => {
    const { outcome, ms } = await oneAttempt({
      body: describeTable,
      drip: { from: 'headers', everyMs: 100 },
    })
    expect(outcome).toBe('TimeoutError')
    expect(ms).toBeLessThan(requestTimeout + 1_500)
  })

  it('outlasts requestTimeout when the headers come at once and the body drips', {
    timeout: 15_000,
  }, async () => {
    // 57 bytes at 160 ms: about 9 s, well past the 6 s requestTimeout, and still answered.
    const { outcome, ms } = await oneAttempt({
      body: describeTable,
      drip: { from: 'body', everyMs: 160 },
    })
    expect(outcome).toBe('answered')
    expect(ms).toBeGreaterThan(requestTimeout + 500)
  })

  it('ends a dripping body when the caller’s abort signal fires', async () => {
    const { outcome, ms } = await oneAttempt(
      { body: describeTable, drip: { from: 'body', everyMs: 500 } },
      AbortSignal.timeout(800),
    )
    expect(outcome).toBe('AbortError')
    expect(ms).toBeLessThan(1_800)
  })
})

/** One SendEmail through the functions' SES client against an endpoint answering so. */
async function oneSend(behaviour: EndpointBehaviour, signal: AbortSignal) {
  endpoint = await startScriptedEndpoint(() => behaviour)
  const ses = createSesClient(
    { ...testConfig, sesEndpoint: endpoint.url },
    { credentials: { accessKeyId: 'test', secretAccessKey: 'test' } },
  )
  const started = performance.now()
  try {
    await ses.send(
      new SendEmailCommand({
        Source: testConfig.senderEmail,
        Destination: { ToAddresses: [testConfig.agencyEmail] },
        Message: { Subject: { Data: 's' }, Body: { Text: { Data: 'b' } } },
      }),
      { abortSignal: signal },
    )
    return { outcome: 'answered', ms: performance.now() - started, sends: endpoint.received }
  } catch (error) {
    return {
      outcome: (error as Error).name,
      ms: performance.now() - started,
      sends: endpoint.received,
    }
  } finally {
    ses.destroy()
  }
}

const sesAnswer =
  '<SendEmailResponse><SendEmailResult><MessageId>m-1</MessageId></SendEmailResult></SendEmailResponse>'

describe('the functions’ SES client', () => {
  // The test outlives the caller's 7 s budget it sets (Vitest's default, 5 s, did not).
  it('waits past 2 s for a slow answer inside the caller’s limit: it counts as sent', {
    timeout: 10_000,
  }, async () => {
    // About 130 bytes at 20 ms from the first: the answer is whole after about 2.6 s.
    const { outcome, ms, sends } = await oneSend(
      { body: sesAnswer, contentType: 'text/xml', drip: { from: 'headers', everyMs: 20 } },
      AbortSignal.timeout(7_000),
    )
    expect(outcome).toBe('answered')
    expect(ms).toBeGreaterThan(2_000)
    expect(sends).toEqual(['SendEmail'])
  })

  it('sends once, never retrying, when SES does not answer before the budget', async () => {
    const { outcome, sends } = await oneSend('hang', AbortSignal.timeout(2_500))
    expect(outcome).toBe('AbortError')
    expect(sends).toEqual(['SendEmail'])
  })
})
