import { SendEmailCommand } from '@aws-sdk/client-ses'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  GAVE_UP_EVENT,
  MAX_EMAIL_ATTEMPTS,
  OUTCOME_UNKNOWN_EVENT,
  OUTCOME_UNKNOWN_HOLD_OFF_MS,
} from '../enquiries/notify.ts'
import {
  logs,
  minutesAgo,
  now,
  pending,
  resetRetryMocks,
  retry,
  ses,
  stored,
  updates,
} from '../test-fixtures/retry-fixture.ts'

beforeEach(resetRetryMocks)

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
