import type { SESClient } from '@aws-sdk/client-ses'
import { beforeEach, describe, expect, it } from 'vitest'
import { createRetryHandler } from '../notification-retry/create-handler.ts'
import * as fixture from '../test-fixtures/retry-fixture.ts'
import { testDependencies } from '../test-fixtures/test-support.ts'
import { CLAIM_LEASE_MS, claimAndNotify, HOLDER_RUNS_AT_MOST_MS } from './send-pending.ts'
import { EVIDENCE_WINDOW_MS, SES_ANSWER_WITHIN_MS } from './send-timing.ts'
import type { EnquiryStore } from './store.ts'

const { now, pending } = fixture
/** The retry's schedule (RETRY_INTERVAL, infra/constructs/contact-api.ts): every minute. */
const RETRY_EVERY_MS = 60_000

beforeEach(fixture.resetRetryMocks)

/** A store that records claims, and an SES that answers at once. */
function holder() {
  const claims: Date[] = []
  const store = {
    claimEmail: async (_id: string, _at: Date, until: Date) => {
      claims.push(until)
      return true
    },
    markEmailSent: async () => {},
  } as unknown as EnquiryStore
  const ses = { send: async () => ({ MessageId: 'm' }) } as unknown as SESClient
  const deps = {
    ses,
    store,
    addresses: { senderEmail: 'a@example.com', agencyEmail: 'b@example.com' },
    log: () => {},
    now: () => now,
    sentBy: 'sender' as const,
  }
  return { claims, deps }
}

describe('a claim’s lease', () => {
  it('lasts as long as its holder can run on it (claim, SES, record), then the evidence window', async () => {
    const { claims, deps } = holder()
    await claimAndNotify(deps, pending('a', 1))
    expect(claims[0]?.getTime()).toBe(now.getTime() + CLAIM_LEASE_MS)
    expect(CLAIM_LEASE_MS).toBeGreaterThanOrEqual(HOLDER_RUNS_AT_MOST_MS + EVIDENCE_WINDOW_MS)
    // Not 15 minutes: a minute.
    expect(CLAIM_LEASE_MS).toBeLessThanOrEqual(60_000)
  })

  it('is shorter for a holder near the end of its time, and none when too little is left', async () => {
    const { claims, deps } = holder()
    await claimAndNotify(deps, pending('a', 1), () => 20_000)
    const lease = (claims[0]?.getTime() ?? 0) - now.getTime()
    expect(lease).toBeLessThan(CLAIM_LEASE_MS)
    expect(lease).toBeGreaterThanOrEqual(20_000 + EVIDENCE_WINDOW_MS)
    expect(await claimAndNotify(deps, pending('b', 1), () => 5_000)).toBe('no-time')
    expect(claims).toHaveLength(1)
  })

  it('of a holder that died lapses in time for the retry to send the enquiry within two minutes', async () => {
    // A sender claimed it at `now` and died (killed, timed out) without a word.
    fixture.stored(
      pending('a', 1, {
        emailClaimedUntil: new Date(now.getTime() + CLAIM_LEASE_MS).toISOString(),
      }),
    )
    const retryAt = (ms: number) =>
      createRetryHandler(testDependencies(fixture.logs, new Date(now.getTime() + ms)))()
    expect(await retryAt(CLAIM_LEASE_MS - 1_000)).toMatchObject({ claimedCount: 1, sentCount: 0 })
    expect(await retryAt(CLAIM_LEASE_MS)).toMatchObject({ sentCount: 1 })
    // The retry runs every minute: its first run after the lease, at the latest, sends it.
    expect(CLAIM_LEASE_MS + RETRY_EVERY_MS).toBeLessThanOrEqual(2 * 60_000)
  })

  it('gives SES the time it needs off the visitor’s wait: an answer after 12 s is an answer', () => {
    expect(SES_ANSWER_WITHIN_MS).toBeGreaterThan(12_000)
  })
})
