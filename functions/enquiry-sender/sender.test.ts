import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses'
import {
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb'
import { mockClient } from 'aws-sdk-client-mock'
import { beforeEach, describe, expect, it } from 'vitest'
import { buildEnquiry, type Enquiry } from '../enquiries/item.ts'
import { spamVerdict } from '../spam/verdict.ts'
import { streamEventOf } from '../test-fixtures/stream-trigger.ts'
import {
  awsError,
  keptLinesLogger,
  type LogLine,
  testClients,
  testConfig,
  testContext,
  validSubmission,
} from '../test-fixtures/test-support.ts'
import { createSenderHandler } from './create-handler.ts'

const dynamo = mockClient(DynamoDBDocumentClient)
const ses = mockClient(SESClient)
const now = new Date('2026-11-21T12:00:00.000Z')
const logs: LogLine[] = []
const sender = createSenderHandler({
  config: testConfig,
  clients: testClients(),
  log: keptLinesLogger(logs),
  now: () => now,
})
const message = 'We would like a new website for our bakery, with online orders.'
const enquiry = (id: string, extra: Partial<Enquiry> = {}): Enquiry => ({
  ...buildEnquiry({ ...validSubmission, message }, id, now),
  ...extra,
})
function stored(...items: Enquiry[]) {
  const byId = new Map(items.map((item) => [item.id, item]))
  dynamo.on(GetCommand).callsFake((input) => ({ Item: byId.get(input.Key.id) }))
}
const others = (count: number) => ({
  Items: Array.from({ length: count }, (_, index) => ({
    messageSender: `${now.toISOString()}#other-${index}`,
  })),
})
const updates = () => dynamo.commandCalls(UpdateCommand).map((call) => call.args[0].input)

beforeEach(() => {
  logs.length = 0
  dynamo.reset()
  ses.reset()
  dynamo.on(QueryCommand).resolves({ Items: [] })
  dynamo.on(UpdateCommand).resolves({})
  ses.on(SendEmailCommand).resolves({ MessageId: 'ses-1' })
})

describe('the enquiry sender (started by the table’s write)', () => {
  it('claims a new pending enquiry, e-mails it and marks it sent', async () => {
    stored(enquiry('a'))
    expect(
      await sender(streamEventOf([{ id: 'a', emailPending: 'PENDING' }]), testContext),
    ).toEqual({ batchItemFailures: [] })
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(1)
    expect(updates().map((input) => input.UpdateExpression)).toEqual([
      'SET #claimedUntil = :until',
      expect.stringContaining('#status = :sent'),
    ])
    expect(logs).toContainEqual(
      expect.objectContaining({
        event: 'enquiry_email_sent',
        function_request_id: 'aws-request-1',
      }),
    )
  })

  it('sends nothing for an enquiry already sent, erased, or claimed by the retry', async () => {
    stored(
      enquiry('sent', { emailStatus: 'sent', emailPending: undefined }),
      enquiry('claimed', { emailClaimedUntil: new Date(now.getTime() + 60_000).toISOString() }),
    )
    const ids = ['sent', 'erased', 'claimed'].map((id) => ({ id, emailPending: 'PENDING' }))
    expect(await sender(streamEventOf(ids))).toEqual({ batchItemFailures: [] })
    expect(ses.calls()).toHaveLength(0)
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0)
  })

  it('marks a genuine enquiry likely when others sent its message, and e-mails it marked', async () => {
    stored(enquiry('a'))
    dynamo.on(QueryCommand).resolves(others(2))
    await sender(streamEventOf([{ id: 'a', emailPending: 'PENDING' }]))
    expect(updates()[0]).toMatchObject({
      ConditionExpression: 'attribute_exists(#pending) AND #level IN (:genuine, :likely)',
      ExpressionAttributeValues: {
        ':level': 'likely',
        ':reasons': ['The same message came from 2 other addresses within a day'],
      },
    })
    expect(ses.commandCalls(SendEmailCommand)[0]?.args[0].input.Message?.Subject?.Data).toMatch(
      /^\[Likely spam\]/,
    )
  })

  it('never holds back an enquiry for repeats, however many: likely at most, and still e-mailed', async () => {
    const pitch = spamVerdict({
      ...validSubmission,
      message:
        'Our site https://lovelace-bakery.co.uk is not ranking. Can we book a quick call about SEO?',
    })
    stored(enquiry('a', { spamLevel: pitch.level, spamScore: 12, spamReasons: pitch.reasons }))
    dynamo.on(QueryCommand).resolves(others(10))
    await sender(streamEventOf([{ id: 'a', emailPending: 'PENDING' }]))
    expect(updates()[0]?.ExpressionAttributeValues?.[':level']).toBe('likely')
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(1)
  })

  it('reports a record it could not read, and the rest of the batch, for Lambda to retry', async () => {
    stored(enquiry('b'))
    dynamo
      .on(GetCommand)
      .rejectsOnce(awsError('ProvisionedThroughputExceededException', 'throttled'))
    const result = await sender(
      streamEventOf([
        { id: 'a', emailPending: 'PENDING' },
        { id: 'b', emailPending: 'PENDING' },
      ]),
    )
    expect(result).toEqual({
      batchItemFailures: [{ itemIdentifier: '1' }, { itemIdentifier: '2' }],
    })
    expect(ses.calls()).toHaveLength(0)
    expect(logs).toContainEqual(
      expect.objectContaining({
        level: 'ERROR',
        event: 'enquiry_sender_failed',
        enquiryId: 'a',
        errorName: 'ProvisionedThroughputExceededException',
      }),
    )
  })
})
