import { SendEmailCommand } from '@aws-sdk/client-ses'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  GAVE_UP_EVENT,
  MAX_EMAIL_ATTEMPTS,
  OUTCOME_UNKNOWN_EVENT,
  OUTCOME_UNKNOWN_HOLD_OFF_MS,
} from '../enquiries/notify.ts'
import * as fixture from '../test-fixtures/retry-fixture.ts'
import { awsError } from '../test-fixtures/test-support.ts'

beforeEach(fixture.resetRetryMocks)

describe('notification retry: sends of unknown outcome', () => {
  it('holds off, without counting an attempt, a send SES never answered in time (it may have gone)', async () => {
    fixture.ses.on(SendEmailCommand).rejects(awsError('AbortError', 'Request aborted'))
    fixture.stored(
      fixture.pending('last-try', 300, {
        emailAttempts: MAX_EMAIL_ATTEMPTS - 1,
        emailLastAttemptAt: fixture.minutesAgo(200).toISOString(),
      }),
    )
    expect(await fixture.retry()).toMatchObject({ unknownCount: 1, failedCount: 0, gaveUpCount: 0 })
    const [, heldOff] = fixture.updates()
    expect(heldOff).toMatchObject({
      Key: { id: 'last-try' },
      ConditionExpression: 'attribute_exists(#pending)',
      ExpressionAttributeValues: {
        ':until': new Date(fixture.now.getTime() + OUTCOME_UNKNOWN_HOLD_OFF_MS).toISOString(),
      },
    })
    expect(heldOff?.UpdateExpression).not.toContain('#attempts :one')
    expect(heldOff?.UpdateExpression).toContain('SET #claimedUntil = :until')
    expect(fixture.logs).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        event: OUTCOME_UNKNOWN_EVENT,
        errorName: 'AbortError',
      }),
    )
    expect(fixture.logs).not.toContainEqual(expect.objectContaining({ event: GAVE_UP_EVENT }))
  })

  it('does not send again while the hold-off after an unknown outcome runs, and quietly after it', async () => {
    const unknownAt = fixture.minutesAgo(5).toISOString()
    const heldOff = (minutes: number) =>
      fixture.pending('unknown', 30, {
        emailLastAttemptAt: unknownAt,
        emailOutcomeUnknownAt: unknownAt,
        emailClaimedUntil: new Date(fixture.now.getTime() + minutes * 60_000).toISOString(),
      })
    fixture.stored(heldOff(10))
    expect(await fixture.retry()).toMatchObject({ claimedCount: 1, sentCount: 0 })
    expect(fixture.ses.calls()).toHaveLength(0)
    fixture.stored(heldOff(-1))
    expect(await fixture.retry()).toMatchObject({ sentCount: 1 })
    expect(fixture.logs).not.toContainEqual(
      expect.objectContaining({ event: 'enquiry_email_claim_lapsed' }),
    )
  })

  it('counts a refusal SES did answer as an attempt, and a connection never made', async () => {
    fixture.ses
      .on(SendEmailCommand)
      .rejectsOnce(
        Object.assign(new Error('rejected'), {
          name: 'MessageRejected',
          $metadata: { httpStatusCode: 400 },
        }),
      )
      .rejects(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))
    fixture.stored(fixture.pending('a', 5), fixture.pending('b', 5))
    expect(await fixture.retry()).toMatchObject({ failedCount: 2, unknownCount: 0 })
  })
})
