import { DynamoDBClient } from '@aws-sdk/client-dynamodb'
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb'
import { mockClient } from 'aws-sdk-client-mock'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { isSyntheticMarker } from '../enquiries/synthetic.ts'
import { silentLogger } from '../log.ts'
import { createMetrics } from '../metrics.ts'
import { emfLines } from '../test-fixtures/test-support.ts'
import { canaryReadableAttributes } from './check.ts'
import { createCanaryHandler, loadCanaryConfig } from './create-handler.ts'

const config = {
  siteUrl: 'https://www.elevate-digital.example',
  tableName: 'enquiries',
  key: 'the-stage-key',
}
const id = '0d9e5a1c-7b2f-4c3d-9e4f-5a6b7c8d9e0f'
const createdAt = '2026-11-27T03:00:00.000Z'
const expiresAt = Date.parse(createdAt) / 1000 + 86_400

/** The public site as the canary sees it: a page, and a contact API that checks the marker. */
const site = (answer: { status: number }) =>
  vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    if (String(url).endsWith('/')) {
      return new Response('<!doctype html><html lang="en"></html>', {
        headers: { 'content-type': 'text/html; charset=utf-8' },
      })
    }
    const headers = init?.headers as Record<string, string>
    expect(
      isSyntheticMarker(
        config.key,
        {
          marker: headers['x-synthetic-enquiry'],
          idempotencyKey: headers['Idempotency-Key'],
          body: String(init?.body),
        },
        new Date(),
      ),
    ).toBe(true)
    return new Response(JSON.stringify({ id }), { status: answer.status })
  })

afterEach(() => vi.restoreAllMocks())

describe('the scheduled canary', () => {
  const documentClient = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'eu-west-2' }))
  const table = mockClient(documentClient)

  const run = async (status: number, emailStatus: string, emailSentBy = 'sender') => {
    table.reset()
    table
      .on(GetCommand)
      .resolves({ Item: { id, createdAt, expiresAt, synthetic: true, emailStatus, emailSentBy } })
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    const lines: string[] = []
    const handler = createCanaryHandler({
      config,
      documentClient,
      metrics: createMetrics('canary', { stage: 'staging' }),
      log: silentLogger,
      writeLine: (text) => lines.push(text),
      options: { fetch: site({ status }) as typeof fetch, deliveredWithinMs: 50, pollEveryMs: 10 },
    })
    const result = await handler()
    return { result, metrics: emfLines(write), lines: lines.join('\n') }
  }

  it('records CanaryFailed 0 for a run whose every step passed', async () => {
    const { result, metrics, lines } = await run(201, 'delivered')
    expect(result.passed).toBe(true)
    expect(metrics).toEqual([
      expect.objectContaining({ service: 'canary', stage: 'staging', CanaryFailed: 0 }),
    ])
    expect(lines).toMatch(/^PASS {4}delivered/m)
    // It reads the status fields only: its role may read nothing else.
    const reads = table.commandCalls(GetCommand).map((call) => call.args[0].input)
    for (const read of reads) {
      expect(Object.values(read.ExpressionAttributeNames ?? {}).sort()).toEqual(
        [...canaryReadableAttributes].sort(),
      )
      expect(read.ConsistentRead).toBe(true)
    }
  })

  it('records CanaryFailed 1 when a step fails, or the delivery is late', async () => {
    const refused = await run(503, 'delivered')
    expect(refused.result.passed).toBe(false)
    expect(refused.metrics[0]).toMatchObject({ CanaryFailed: 1 })
    expect(refused.lines).toMatch(/^FAIL {4}enquiry accepted .*answered 503/m)

    const late = await run(201, 'sent')
    expect(late.metrics[0]).toMatchObject({ CanaryFailed: 1 })
    expect(late.lines).toMatch(
      /^FAIL {4}delivered .*late: not delivered within 0 s \(still sent\)/m,
    )

    const bounced = await run(201, 'bounced')
    expect(bounced.lines).toMatch(/^FAIL {4}delivered .*the e-mail ended bounced/m)
  })

  it('fails a delivered run whose e-mail the retry sent: the stream’s sender did not run', async () => {
    const byRetry = await run(201, 'delivered', 'retry')
    expect(byRetry.result.passed).toBe(false)
    expect(byRetry.metrics[0]).toMatchObject({ CanaryFailed: 1 })
    expect(byRetry.lines).toMatch(
      /^FAIL {4}delivered .*sent by the retry, not the stream's sender/m,
    )
  })

  it('refuses to start without its site, table or key, naming each', () => {
    expect(() => loadCanaryConfig({})).toThrow(/SITE_URL[\s\S]*ENQUIRIES_TABLE[\s\S]*SYNTHETIC_KEY/)
    expect(() =>
      loadCanaryConfig({ SITE_URL: 'https://x.example', ENQUIRIES_TABLE: 't', SYNTHETIC_KEY: ' ' }),
    ).toThrow(/SYNTHETIC_KEY is empty/)
  })
})
