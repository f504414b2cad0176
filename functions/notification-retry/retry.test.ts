import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses'
import {
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb'
import { mockClient } from 'aws-sdk-client-mock'
import { beforeEach, describe, expect, it } from 'vitest'
import { createAwsClients } from '../aws-clients.ts'
import { buildEnquiry, type Enquiry } from '../enquiries/item.ts'
import { GAVE_UP_EVENT, MAX_EMAIL_ATTEMPTS } from '../enquiries/notify.ts'
import type { LogEntry } from '../log.ts'
import { testConfig, validSubmission } from '../test-support.ts'
import { createRetryHandler } from './create-handler.ts'
import { backoffMs } from './retry.ts'

const dynamo = mockClient(DynamoDBDocumentClient)
const ses = mockClient(SESClient)
const now = new Date('2026-11-21T12:00:00.000Z')
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000)
let logs: LogEntry[]

const retry = createRetryHandler({
  config: testConfig,
  clients: createAwsClients(testConfig, {
    credentials: { accessKeyId: 'a', secretAccessKey: 'b' },
  }),
  log: (entry) => logs.push(entry),
  now: () => now,
})

function pending(id: string, createdMinutesAgo: number, extra: Partial<Enquiry> = {}): Enquiry {
  return { ...buildEnquiry(validSubmission, id, minutesAgo(createdMinutesAgo)), ...extra }
}

function stored(...items: Enquiry[]) {
  dynamo.on(QueryCommand).resolves({
    Items: items.map(({ id, createdAt }) => ({ id, createdAt, emailPending: 'PENDING' })),
  })
  for (const item of items) dynamo.on(GetCommand, { Key: { id: item.id } }).resolves({ Item: item })
}

beforeEach(() => {
  logs = []
  dynamo.reset()
  ses.reset()
  ses.on(SendEmailCommand).resolves({ MessageId: 'ses-1' })
  dynamo.on(UpdateCommand).resolves({ Attributes: { emailAttempts: 2 } })
})

describe('notification retry', () => {
  it('queries the sparse pending-email index for enquiries over a minute old, never scanning', async () => {
    stored()
    await retry()
    const [query] = dynamo.commandCalls(QueryCommand)
    expect(query?.args[0].input).toMatchObject({
      TableName: testConfig.enquiriesTable,
      IndexName: 'pending-email',
      KeyConditionExpression: '#pending = :pending AND #createdAt <= :before',
      ExpressionAttributeValues: { ':pending': 'PENDING', ':before': minutesAgo(1).toISOString() },
    })
    expect(dynamo.calls().map((call) => call.args[0].constructor.name)).toEqual(['QueryCommand'])
  })

  it('re-sends a pending e-mail and marks it sent', async () => {
    stored(pending('a', 5, { emailAttempts: 1, emailLastAttemptAt: minutesAgo(5).toISOString() }))

    const summary = await retry()

    expect(summary).toMatchObject({ pendingCount: 1, sentCount: 1, failedCount: 0 })
    expect(ses.commandCalls(SendEmailCommand)[0]?.args[0].input.Message?.Subject?.Data).toContain(
      '(ref A)',
    )
    const [update] = dynamo.commandCalls(UpdateCommand)
    expect(update?.args[0].input).toMatchObject({
      Key: { id: 'a' },
      ConditionExpression: 'attribute_exists(#id)',
    })
    expect(update?.args[0].input.UpdateExpression).toContain('REMOVE #pending')
    expect(logs.at(-1)).toMatchObject({ event: 'enquiry_email_retry_run', sentCount: 1 })
  })

  it('sends one that crashed before its first attempt', async () => {
    stored(pending('crashed', 2))
    expect(await retry()).toMatchObject({ sentCount: 1 })
  })

  it('skips enquiries already sent, erased or past their retention', async () => {
    stored(
      pending('sent', 5, { emailStatus: 'sent', emailPending: undefined }),
      pending('expired', 5, { expiresAt: Math.floor(now.getTime() / 1000) - 1 }),
    )
    dynamo.on(QueryCommand).resolves({
      Items: [{ id: 'sent' }, { id: 'erased' }, { id: 'expired' }],
    })
    dynamo.on(GetCommand, { Key: { id: 'erased' } }).resolves({})

    const summary = await retry()

    expect(summary).toMatchObject({ pendingCount: 3, sentCount: 0 })
    expect(ses.calls()).toHaveLength(0)
  })

  it('backs off between attempts: 1, 2, 4 … minutes', async () => {
    expect([1, 2, 3, 4, 7].map((attempts) => backoffMs(attempts) / 60_000)).toEqual([
      1, 2, 4, 8, 64,
    ])
    stored(
      pending('due', 30, { emailAttempts: 3, emailLastAttemptAt: minutesAgo(4).toISOString() }),
      pending('waiting', 30, { emailAttempts: 4, emailLastAttemptAt: minutesAgo(7).toISOString() }),
    )
    const summary = await retry()
    expect(summary).toMatchObject({ sentCount: 1, waitingCount: 1 })
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(1)
  })

  it('counts a failed attempt and keeps the enquiry pending', async () => {
    ses.on(SendEmailCommand).rejects(Object.assign(new Error('throttled'), { name: 'Throttling' }))
    stored(pending('a', 5, { emailAttempts: 1, emailLastAttemptAt: minutesAgo(5).toISOString() }))

    const summary = await retry()

    expect(summary).toMatchObject({ failedCount: 1, gaveUpCount: 0 })
    const [update] = dynamo.commandCalls(UpdateCommand)
    expect(update?.args[0].input.UpdateExpression).toBe(
      'SET #lastAttemptAt = :at ADD #attempts :one',
    )
  })

  it(`gives up after ${MAX_EMAIL_ATTEMPTS} attempts with one error line for the alarm, leaving it pending`, async () => {
    ses.on(SendEmailCommand).rejects(new Error('SES down'))
    dynamo.on(UpdateCommand).resolves({ Attributes: { emailAttempts: MAX_EMAIL_ATTEMPTS } })
    stored(
      pending('last-try', 300, {
        emailAttempts: MAX_EMAIL_ATTEMPTS - 1,
        emailLastAttemptAt: minutesAgo(200).toISOString(),
      }),
    )

    expect(await retry()).toMatchObject({ gaveUpCount: 1 })
    expect(logs).toContainEqual({
      level: 'error',
      event: GAVE_UP_EVENT,
      enquiryId: 'last-try',
      attempts: MAX_EMAIL_ATTEMPTS,
    })
    expect(dynamo.commandCalls(UpdateCommand)[0]?.args[0].input.UpdateExpression).not.toContain(
      'REMOVE',
    )

    // The next run leaves it for ops, quietly: the alarm has already fired.
    logs = []
    ses.resetHistory()
    dynamo.on(GetCommand, { Key: { id: 'last-try' } }).resolves({
      Item: pending('last-try', 300, { emailAttempts: MAX_EMAIL_ATTEMPTS }),
    })
    expect(await retry()).toMatchObject({ exhaustedCount: 1, gaveUpCount: 0 })
    expect(ses.calls()).toHaveLength(0)
    expect(logs.map((entry) => entry.event)).toEqual(['enquiry_email_retry_run'])
  })

  it('carries on past an enquiry it cannot read', async () => {
    stored(pending('b', 5))
    dynamo.on(QueryCommand).resolves({ Items: [{ id: 'a' }, { id: 'b' }] })
    dynamo.on(GetCommand, { Key: { id: 'a' } }).rejects(new Error('timeout'))
    expect(await retry()).toMatchObject({ failedCount: 1, sentCount: 1 })
  })

  it('leaves what is left to the next run once its time budget is spent', async () => {
    stored(pending('a', 5), pending('b', 5))
    const hurried = createRetryHandler({
      config: testConfig,
      clients: createAwsClients(testConfig, {
        credentials: { accessKeyId: 'a', secretAccessKey: 'b' },
      }),
      log: (entry) => logs.push(entry),
      now: () => now,
      timeBudgetMs: -1,
    })
    expect(await hurried()).toMatchObject({ pendingCount: 2, sentCount: 0, deferredCount: 2 })
    expect(ses.calls()).toHaveLength(0)
  })

  it('logs nothing when nothing is pending', async () => {
    stored()
    await retry()
    expect(logs).toEqual([])
  })

  it('pages through the index up to its batch size', async () => {
    dynamo
      .on(QueryCommand)
      .resolvesOnce({ Items: [{ id: 'a' }], LastEvaluatedKey: { id: 'a' } })
      .resolvesOnce({ Items: [{ id: 'b' }] })
    dynamo.on(GetCommand).resolves({})
    expect(await retry()).toMatchObject({ pendingCount: 2 })
    expect(dynamo.commandCalls(QueryCommand)[1]?.args[0].input.ExclusiveStartKey).toEqual({
      id: 'a',
    })
  })
})
