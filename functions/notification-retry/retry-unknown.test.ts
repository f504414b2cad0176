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
import {
  GAVE_UP_EVENT,
  MAX_EMAIL_ATTEMPTS,
  OUTCOME_UNKNOWN_EVENT,
  OUTCOME_UNKNOWN_HOLD_OFF_MS,
} from '../enquiries/notify.ts'
import type { LogEntry } from '../log.ts'
import { testConfig, validSubmission } from '../test-fixtures/test-support.ts'
import { createRetryHandler } from './create-handler.ts'

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
  const byId = new Map(items.map((item) => [item.id, item]))
  dynamo.on(GetCommand).callsFake((input) => ({ Item: byId.get(input.Key.id) }))
}

const updates = () => dynamo.commandCalls(UpdateCommand).map((call) => call.args[0].input)

beforeEach(() => {
  logs = []
  dynamo.reset()
  ses.reset()
  ses.on(SendEmailCommand).resolves({ MessageId: 'ses-1' })
  dynamo.on(UpdateCommand).resolves({ Attributes: { emailAttempts: 2 } })
})

describe('notification retry: sends of unknown outcome', () => {
  it('holds off, without counting an attempt, a send SES never answered in time (it may have gone)', async () => {
    ses
      .on(SendEmailCommand)
      .rejects(Object.assign(new Error('Request aborted'), { name: 'AbortError' }))
    stored(
      pending('last-try', 300, {
        emailAttempts: MAX_EMAIL_ATTEMPTS - 1,
        emailLastAttemptAt: minutesAgo(200).toISOString(),
      }),
    )
    expect(await retry()).toMatchObject({ unknownCount: 1, failedCount: 0, gaveUpCount: 0 })
    const [, heldOff] = updates()
    expect(heldOff).toMatchObject({
      Key: { id: 'last-try' },
      ConditionExpression: 'attribute_exists(#pending)',
      ExpressionAttributeValues: {
        ':until': new Date(now.getTime() + OUTCOME_UNKNOWN_HOLD_OFF_MS).toISOString(),
      },
    })
    expect(heldOff?.UpdateExpression).not.toContain('#attempts :one')
    expect(heldOff?.UpdateExpression).toContain('SET #claimedUntil = :until')
    expect(logs).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        event: OUTCOME_UNKNOWN_EVENT,
        errorName: 'AbortError',
      }),
    )
    expect(logs).not.toContainEqual(expect.objectContaining({ event: GAVE_UP_EVENT }))
  })

  it('does not send again while the hold-off after an unknown outcome runs, and quietly after it', async () => {
    const unknownAt = minutesAgo(5).toISOString()
    const heldOff = (minutes: number) =>
      pending('unknown', 30, {
        emailLastAttemptAt: unknownAt,
        emailOutcomeUnknownAt: unknownAt,
        emailClaimedUntil: new Date(now.getTime() + minutes * 60_000).toISOString(),
      })
    stored(heldOff(10))
    expect(await retry()).toMatchObject({ claimedCount: 1, sentCount: 0 })
    expect(ses.calls()).toHaveLength(0)
    stored(heldOff(-1))
    expect(await retry()).toMatchObject({ sentCount: 1 })
    expect(logs).not.toContainEqual(
      expect.objectContaining({ event: 'enquiry_email_claim_lapsed' }),
    )
  })

  it('counts a refusal SES did answer as an attempt, and a connection never made', async () => {
    ses
      .on(SendEmailCommand)
      .rejectsOnce(
        Object.assign(new Error('rejected'), {
          name: 'MessageRejected',
          $metadata: { httpStatusCode: 400 },
        }),
      )
      .rejects(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))
    stored(pending('a', 5), pending('b', 5))
    expect(await retry()).toMatchObject({ failedCount: 2, unknownCount: 0 })
  })
})
