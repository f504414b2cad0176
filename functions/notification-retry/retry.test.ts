import { SendEmailCommand } from '@aws-sdk/client-ses'
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Enquiry } from '../enquiries/item.ts'
import { GAVE_UP_EVENT, MAX_EMAIL_ATTEMPTS } from '../enquiries/notify.ts'
import { CLAIM_LEASE_MS } from '../enquiries/send-pending.ts'
import { RECORD_TRIES } from '../enquiries/send-timing.ts'
import { createMetrics } from '../metrics.ts'
import {
  dynamo,
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
import { awsError, testConfig, testDependencies } from '../test-fixtures/test-support.ts'
import { createRetryHandler } from './create-handler.ts'
import { backoffMs, RETRY_SENDS_PER_SECOND, RETRY_TIME_BUDGET_MS } from './retry.ts'

/** Time that moves only when the code under test sleeps: a run of minutes takes milliseconds. */
function fakeClock() {
  let time = 0
  return {
    now: () => time,
    sleep: async (ms: number) => {
      time += ms
    },
  }
}

/** The table answers the write that records a send with `error`: its first `times` tries. */
function refuseRecordingSent(error: Error, times = Number.POSITIVE_INFINITY) {
  let refused = 0
  dynamo.on(UpdateCommand).callsFake((input) => {
    if (String(input.UpdateExpression).includes('#status = :sent') && refused++ < times) throw error
    return {}
  })
}

/** One run whose waits between record tries take no real time. */
const retryOnFakeClock = () =>
  createRetryHandler({ ...testDependencies(logs, now), options: { clock: fakeClock() } })()

beforeEach(resetRetryMocks)

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
    // The second query reads the oldest pending enquiry's age, for the backlog metric.
    expect(dynamo.calls().map((call) => call.args[0].constructor.name)).toEqual([
      'QueryCommand',
      'QueryCommand',
    ])
  })

  it('claims a pending e-mail, re-sends it and marks it sent', async () => {
    stored(pending('a', 5, { emailAttempts: 1, emailLastAttemptAt: minutesAgo(5).toISOString() }))

    const summary = await retry()

    expect(summary).toMatchObject({ pendingCount: 1, sentCount: 1, failedCount: 0 })
    expect(ses.commandCalls(SendEmailCommand)[0]?.args[0].input.Message?.Subject?.Data).toContain(
      '(ref A)',
    )
    const [claim, sent] = updates()
    expect(claim).toMatchObject({
      Key: { id: 'a' },
      UpdateExpression: 'SET #claimedUntil = :until',
      ExpressionAttributeValues: {
        ':at': now.toISOString(),
        ':until': new Date(now.getTime() + CLAIM_LEASE_MS).toISOString(),
      },
    })
    expect(claim?.ConditionExpression).toContain('attribute_exists(#pending)')
    // Never recreates an erased enquiry, and `sent` never overwrites a delivery status.
    expect(sent).toMatchObject({
      Key: { id: 'a' },
      ConditionExpression: 'attribute_exists(#id) AND #status = :pending',
    })
    expect(sent?.UpdateExpression).toContain('REMOVE #pending, #claimedUntil')
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

  it('backs off between attempts while SES fails: 1, 2, 4 … minutes', async () => {
    expect([1, 2, 3, 4, 7].map((attempts) => backoffMs(attempts) / 60_000)).toEqual([
      1, 2, 4, 8, 64,
    ])
    ses.on(SendEmailCommand).rejects(awsError('ServiceUnavailable', 'down'))
    stored(
      pending('due', 30, { emailAttempts: 3, emailLastAttemptAt: minutesAgo(4).toISOString() }),
      pending('waiting', 30, { emailAttempts: 4, emailLastAttemptAt: minutesAgo(7).toISOString() }),
    )
    const summary = await retry()
    expect(summary).toMatchObject({ failedCount: 1, waitingCount: 1 })
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(1)
  })

  it('sends what was waiting out the backoff as soon as one send shows SES is back', async () => {
    stored(
      pending('waiting', 30, { emailAttempts: 4, emailLastAttemptAt: minutesAgo(7).toISOString() }),
      pending('due', 20, { emailAttempts: 1, emailLastAttemptAt: minutesAgo(20).toISOString() }),
    )
    expect(await retry()).toMatchObject({ sentCount: 2, waitingCount: 0 })
  })

  it('counts a failed attempt, releasing its claim and keeping the enquiry pending', async () => {
    ses.on(SendEmailCommand).rejects(awsError('Throttling', 'throttled'))
    stored(pending('a', 5, { emailAttempts: 1, emailLastAttemptAt: minutesAgo(5).toISOString() }))

    const summary = await retry()

    expect(summary).toMatchObject({ failedCount: 1, gaveUpCount: 0 })
    expect(updates()[1]?.UpdateExpression).toBe(
      'REMOVE #claimedUntil SET #lastAttemptAt = :at ADD #attempts :one',
    )
  })

  it(`gives up after ${MAX_EMAIL_ATTEMPTS} attempts: out of the pending index, into needs-attention, one error line`, async () => {
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
    const gaveUp = updates().at(-1)
    expect(gaveUp).toMatchObject({
      Key: { id: 'last-try' },
      UpdateExpression:
        'REMOVE #pending, #claimedUntil SET #status = :gaveUp, #statusAt = :at, #attention = :gaveUp',
      ExpressionAttributeNames: { '#pending': 'emailPending', '#attention': 'attention' },
      ExpressionAttributeValues: { ':gaveUp': 'gave-up', ':at': now.toISOString() },
    })
  })

  it('gives up, without sending, an enquiry stored out of attempts before given-up ones left the index', async () => {
    stored(pending('old', 300, { emailAttempts: MAX_EMAIL_ATTEMPTS }), pending('new', 2))
    expect(await retry()).toMatchObject({ gaveUpCount: 1, sentCount: 1 })
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(1)
    expect(updates()[0]).toMatchObject({ Key: { id: 'old' } })
    expect(updates()[0]?.UpdateExpression).toContain('#attention = :gaveUp')
  })

  it('does not send what another sender has claimed', async () => {
    stored(
      pending('held', 5, { emailClaimedUntil: new Date(now.getTime() + 60_000).toISOString() }),
      pending('raced', 5),
    )
    dynamo
      .on(UpdateCommand, { Key: { id: 'raced' }, UpdateExpression: 'SET #claimedUntil = :until' })
      .rejects(awsError('ConditionalCheckFailedException', 'taken'))
    expect(await retry()).toMatchObject({ claimedCount: 2, sentCount: 0 })
    expect(ses.calls()).toHaveLength(0)
  })

  it('sends again, with a warning, only once a claim whose sender stopped has lapsed', async () => {
    stored(pending('lapsed', 30, { emailClaimedUntil: minutesAgo(1).toISOString() }))
    expect(await retry()).toMatchObject({ sentCount: 1 })
    expect(logs).toContainEqual({
      level: 'warn',
      event: 'enquiry_email_claim_lapsed',
      enquiryId: 'lapsed',
    })
  })

  it('records a send whose record write failed at first, trying again within its time', async () => {
    stored(pending('slow-table', 5))
    refuseRecordingSent(awsError('TimeoutError', 'no answer'), 1)
    expect(await retryOnFakeClock()).toMatchObject({ sentCount: 1 })
    const records = updates().filter((input) => String(input.UpdateExpression).includes('#sentBy'))
    expect(records).toHaveLength(2)
    expect(records[1]?.ExpressionAttributeValues).toMatchObject({ ':sentBy': 'retry' })
    expect(logs).not.toContainEqual(
      expect.objectContaining({ event: 'enquiry_email_sent_not_recorded' }),
    )
  })

  it('keeps its claim when SES sent but every try to record it failed, so the next run does not send again', async () => {
    const item = pending('sent-unrecorded', 5)
    stored(item)
    refuseRecordingSent(awsError('InternalServerError', 'gone'))
    expect(await retryOnFakeClock()).toMatchObject({ sentCount: 1 })
    // The claim is the only update that landed: nothing released it. The record was tried
    // RECORD_TRIES times.
    expect(updates().map((input) => input.UpdateExpression)).toEqual([
      'SET #claimedUntil = :until',
      ...Array(RECORD_TRIES).fill(expect.stringContaining('#status = :sent')),
    ])
    expect(logs).toContainEqual(
      expect.objectContaining({ event: 'enquiry_email_sent_not_recorded' }),
    )

    ses.resetHistory()
    const claimUntil = updates()[0]?.ExpressionAttributeValues?.[':until'] as string
    stored({ ...item, emailClaimedUntil: claimUntil })
    expect(await retry()).toMatchObject({ claimedCount: 1, sentCount: 0 })
    expect(ses.calls()).toHaveLength(0)
  })

  it('counts each enquiry it e-mailed that the stream’s sender never touched, and only those', async () => {
    stored(
      pending('untouched', 5),
      pending('tried-by-sender', 5, {
        emailAttempts: 1,
        emailLastAttemptAt: minutesAgo(5).toISOString(),
      }),
      pending('claim-lapsed', 5, { emailClaimedUntil: minutesAgo(1).toISOString() }),
      pending('requeued', 30, { emailStatusAt: minutesAgo(2).toISOString() }),
    )
    expect(await retry()).toMatchObject({ sentCount: 4, emailedInsteadOfSenderCount: 1 })
    expect(logs).toContainEqual({
      level: 'warn',
      event: 'enquiry_emailed_by_retry',
      enquiryId: 'untouched',
    })
  })

  it('stops a run after three failures in a row, leaving the rest untried', async () => {
    ses.on(SendEmailCommand).rejects(awsError('ServiceUnavailable', 'down'))
    stored(...['a', 'b', 'c', 'd', 'e'].map((id) => pending(id, 5)))
    expect(await retry()).toMatchObject({ failedCount: 3, deferredCount: 2 })
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(3)
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
      ...testDependencies(logs, now),
      options: { timeBudgetMs: -1 },
    })
    expect(await hurried()).toMatchObject({ pendingCount: 2, sentCount: 0, deferredCount: 2 })
    expect(ses.calls()).toHaveLength(0)
  })

  it(`paces its sends at ${RETRY_SENDS_PER_SECOND} a second and stops starting them after its budget (fake clock)`, async () => {
    const clock = fakeClock()
    const sentAt: number[] = []
    ses.on(SendEmailCommand).callsFake(() => {
      sentAt.push(clock.now())
      return { MessageId: 'm' }
    })
    stored(...Array.from({ length: 400 }, (_, index) => pending(`e${index}`, 5)))
    const paced = createRetryHandler({
      ...testDependencies(logs, now),
      options: { clock },
    })

    const summary = await paced()

    const perRun = Math.floor((RETRY_TIME_BUDGET_MS / 1000) * RETRY_SENDS_PER_SECOND) + 1
    expect(summary).toMatchObject({ sentCount: perRun, deferredCount: 400 - perRun })
    const gaps = sentAt.slice(1).map((at, index) => at - (sentAt[index] as number))
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1000 / RETRY_SENDS_PER_SECOND)
    // No second in which SES is asked for more than its rate allows the retry.
    for (const at of sentAt) {
      expect(sentAt.filter((other) => other >= at && other < at + 1000).length).toBeLessThanOrEqual(
        RETRY_SENDS_PER_SECOND,
      )
    }
    // 2,000 pending at one run a minute: delivered within 15 minutes of SES's return.
    expect(Math.ceil(2_000 / perRun) + 1).toBeLessThanOrEqual(15)
  })

  it('reports the oldest pending enquiry’s age every run, 0 when none, and what it sent or gave up', async () => {
    const recorded: [string, number][] = []
    const metrics = createMetrics('notification-retry', { stage: 'test' })
    vi.spyOn(metrics, 'addMetric').mockImplementation((name, _unit, value) => {
      recorded.push([name, value])
      return metrics
    })
    vi.spyOn(metrics, 'publishStoredMetrics').mockImplementation(() => {
      recorded.push(['published', 0])
      return metrics
    })
    const measured = (items: Enquiry[]) => {
      stored(...items)
      return createRetryHandler({
        ...testDependencies(logs, now),
        metrics,
      })()
    }
    await measured([
      pending('old', 20),
      pending('spent', 30, { emailAttempts: MAX_EMAIL_ATTEMPTS }),
    ])
    expect(recorded).toEqual([
      ['EnquiryEmailed', 1],
      ['EnquiryGaveUp', 1],
      // 'old' was never touched by the stream's sender: the dead-sender alarm's count.
      ['EnquiryEmailedByRetry', 1],
      ['OldestUndeliveredAgeSeconds', 20 * 60],
      ['published', 0],
    ])
    recorded.length = 0
    await measured([])
    expect(recorded).toEqual([
      ['EnquiryEmailedByRetry', 0],
      ['OldestUndeliveredAgeSeconds', 0],
      ['published', 0],
    ])
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
