import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses'
import { BatchGetCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb'
import { mockClient } from 'aws-sdk-client-mock'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { digestMetrics } from '#shared/delivery-metrics.ts'
import { buildEnquiry } from '../enquiries/item.ts'
import type { LogEntry } from '../log.ts'
import { createMetrics } from '../metrics.ts'
import {
  awsError,
  emfLines,
  testClients,
  testConfig,
  validSubmission,
} from '../test-fixtures/test-support.ts'
import { createDigestHandler } from './create-handler.ts'

/**
 * The digest to an inbox that refused mail, with its copy to the stage's second address: the
 * copy refused in turn (IAM denying it, the address unverified in the sandbox). The schedule's
 * invocation is asynchronous: Lambda runs a failed one twice more, as it would here.
 */
const now = new Date('2026-11-23T08:00:00.000Z')
const copyTo = 'office.manager@agency-staff.example'
const dynamo = mockClient(DynamoDBDocumentClient)
const ses = mockClient(SESClient)
const bounced = {
  ...buildEnquiry(
    validSubmission,
    '0000000a-0000-4000-8000-000000000000',
    new Date(now.getTime() - 5 * 3_600_000),
  ),
  emailStatus: 'bounced',
  emailStatusAt: new Date(now.getTime() - 4 * 3_600_000).toISOString(),
}

/** Lambda's handling of an asynchronous invocation: the first run and up to two retries. */
async function asLambdaRunsIt(handler: () => Promise<unknown>): Promise<unknown> {
  let last: unknown
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await handler()
    } catch (error) {
      last = error
    }
  }
  throw last
}

beforeEach(() => {
  dynamo.reset()
  ses.reset()
  dynamo.on(QueryCommand).resolves({ Items: [] })
  dynamo
    .on(QueryCommand, { ExpressionAttributeValues: { ':value': 'bounced' } })
    .resolves({ Items: [{ id: bounced.id }] })
  dynamo.on(BatchGetCommand).resolves({ Responses: { [testConfig.enquiriesTable]: [bounced] } })
})
afterEach(() => vi.restoreAllMocks())

describe('a digest whose copy to digestCopyTo fails', () => {
  const run = () => {
    const logs: LogEntry[] = []
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    const handler = createDigestHandler({
      config: {
        ...testConfig,
        digestCopyTo: copyTo,
        siteUrl: 'https://www.elevate-digital.example',
        stage: 'staging',
      },
      clients: testClients(),
      linkKey: 'a key long enough to sign the digest’s links',
      log: (entry) => logs.push(entry),
      now: () => now,
      metrics: createMetrics('digest', { stage: 'staging' }),
    })
    return { logs, write, invoke: () => asLambdaRunsIt(handler) }
  }
  const sentTo = (address: string) =>
    ses
      .commandCalls(SendEmailCommand)
      .filter((call) => call.args[0].input.Destination?.ToAddresses?.includes(address)).length

  it('sends the inbox its digest once, not again with each retry of the run', async () => {
    ses.on(SendEmailCommand).callsFake(async (input) => {
      if (input.Destination?.ToAddresses?.includes(copyTo)) {
        throw awsError('AccessDenied', `User is not authorized to perform ses:SendEmail`)
      }
      return { MessageId: 'digest-1' }
    })
    const { logs, write, invoke } = run()
    await expect(invoke()).resolves.toMatchObject({ listed: 1, copyFailed: true })
    expect(sentTo(testConfig.agencyEmail)).toBe(1)
    expect(sentTo(copyTo)).toBe(1)
    // Ops hear of it: an error line and a count the copy's alarm watches.
    expect(logs).toContainEqual(
      expect.objectContaining({
        level: 'error',
        event: 'attention_digest_copy_failed',
        errorName: 'AccessDenied',
      }),
    )
    expect(emfLines(write)).toEqual([
      expect.objectContaining({
        service: digestMetrics.service,
        stage: 'staging',
        [digestMetrics.copyFailed]: 1,
      }),
    ])
  })

  it('still fails, to be run again, when the digest itself could not go', async () => {
    ses.on(SendEmailCommand).rejects(awsError('Throttling', 'Maximum sending rate exceeded'))
    const { logs, write, invoke } = run()
    await expect(invoke()).rejects.toThrow(/Maximum sending rate/)
    // Three runs, each trying the inbox; no copy of a digest that never went.
    expect(sentTo(testConfig.agencyEmail)).toBe(3)
    expect(sentTo(copyTo)).toBe(0)
    expect(logs.filter((entry) => entry.event === 'attention_digest_failed')).toHaveLength(3)
    expect(emfLines(write)).toEqual([])
  })

  it('counts nothing when the copy goes', async () => {
    ses.on(SendEmailCommand).resolves({ MessageId: 'm' })
    const { write, invoke } = run()
    await expect(invoke()).resolves.toMatchObject({ copyMessageId: 'm' })
    expect(sentTo(copyTo)).toBe(1)
    expect(emfLines(write)).toEqual([])
  })
})
