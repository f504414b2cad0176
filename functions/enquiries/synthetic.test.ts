import { describe, expect, it } from 'vitest'
import { retentionExpiresAt } from '#shared/enquiry-table.ts'
import { syntheticEnquiry } from '#shared/synthetic-enquiry.ts'
import { testConfig, validSubmission } from '../test-fixtures/test-support.ts'
import { enquiryEmailInput } from './email.ts'
import { buildEnquiry } from './item.ts'
import { isSyntheticMarker, signSyntheticMarker } from './synthetic.ts'

const key = 'a-stage-key-of-48-letters-and-digits-0123456789ab'
const idempotencyKey = '6f1c2d3e-4a5b-4c6d-8e7f-901234567890'
const sentAt = new Date('2026-11-27T03:00:00.000Z')
const later = (seconds: number) => new Date(sentAt.getTime() + seconds * 1000)

describe('the canary’s signed marker', () => {
  it('verifies when signed with the stage’s key for this idempotency key, within five minutes', () => {
    const marker = signSyntheticMarker(key, idempotencyKey, sentAt)
    expect(isSyntheticMarker(key, marker, idempotencyKey, sentAt)).toBe(true)
    expect(isSyntheticMarker(key, marker, idempotencyKey.toUpperCase(), later(299))).toBe(true)
  })

  it('is refused when forged, replayed late, moved to another enquiry or without a key', () => {
    const marker = signSyntheticMarker(key, idempotencyKey, sentAt)
    const other = '6f1c2d3e-4a5b-4c6d-8e7f-000000000000'
    const refused: [string, string | undefined, string | undefined, string | undefined, Date][] = [
      ['another key', 'not-the-stage-key', marker, idempotencyKey, sentAt],
      ['a marker from outside', key, 'v1.1800000000.forged', idempotencyKey, sentAt],
      [
        'a signature of the right length, made up',
        key,
        `v1.${sentAt.getTime() / 1000}.${'A'.repeat(43)}`,
        idempotencyKey,
        sentAt,
      ],
      ['replayed six minutes later', key, marker, idempotencyKey, later(360)],
      ['dated well ahead of the clock', key, marker, idempotencyKey, later(-120)],
      ['on another enquiry', key, marker, other, sentAt],
      ['without an idempotency key', key, marker, undefined, sentAt],
      ['no key configured', undefined, marker, idempotencyKey, sentAt],
      ['an empty key configured', '', marker, idempotencyKey, sentAt],
      ['no marker', key, undefined, idempotencyKey, sentAt],
    ]
    for (const [why, configured, given, idempotency, now] of refused) {
      expect(isSyntheticMarker(configured, given, idempotency, now), why).toBe(false)
    }
  })
})

describe('a synthetic enquiry', () => {
  const id = '0d9e5a1c-7b2f-5c3d-9e4f-5a6b7c8d9e0f'

  it('is kept one day, marked synthetic, never held, with no message keys', () => {
    const item = buildEnquiry(
      validSubmission,
      id,
      sentAt,
      { level: 'certain', score: 20, reasons: ['a filled honeypot'] },
      { synthetic: true },
    )
    expect(item.synthetic).toBe(true)
    expect(item.expiresAt - sentAt.getTime() / 1000).toBe(syntheticEnquiry.retentionSeconds)
    expect(syntheticEnquiry.retentionSeconds).toBe(86_400)
    expect(item).toMatchObject({ emailStatus: 'pending', emailPending: 'PENDING' })
    expect(item).not.toHaveProperty('attention')
    expect(item).not.toHaveProperty('messageHash')
  })

  it('is e-mailed to the SES mailbox simulator only; an ordinary one to the agency', () => {
    const synthetic = buildEnquiry(validSubmission, id, sentAt, undefined, { synthetic: true })
    expect(enquiryEmailInput(synthetic, testConfig).Destination).toEqual({
      ToAddresses: ['success@simulator.amazonses.com'],
    })
    const ordinary = buildEnquiry(validSubmission, id, sentAt)
    expect(ordinary).not.toHaveProperty('synthetic')
    expect(ordinary.expiresAt).toBe(retentionExpiresAt(sentAt))
    expect(enquiryEmailInput(ordinary, testConfig).Destination).toEqual({
      ToAddresses: [testConfig.agencyEmail],
    })
  })
})
