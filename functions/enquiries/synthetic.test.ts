import { describe, expect, it } from 'vitest'
import { retentionExpiresAt } from '#shared/enquiry-table.ts'
import { syntheticEnquiry } from '#shared/synthetic-enquiry.ts'
import { STEP_TIMEOUT_MS } from '../canary/check.ts'
import { testConfig, validSubmission } from '../test-fixtures/test-support.ts'
import { enquiryEmailInput } from './email.ts'
import { buildEnquiry } from './item.ts'
import { isSyntheticMarker, type MarkedRequest, signSyntheticMarker } from './synthetic.ts'

const key = 'a-stage-key-of-48-letters-and-digits-0123456789ab'
const idempotencyKey = '6f1c2d3e-4a5b-4c6d-8e7f-901234567890'
const sentAt = new Date('2026-11-27T03:00:00.000Z')
const later = (seconds: number) => new Date(sentAt.getTime() + seconds * 1000)

describe('the canary’s signed marker', () => {
  const body = JSON.stringify({ ...validSubmission, message: 'An automatic test enquiry.' })
  const request: MarkedRequest = { idempotencyKey, body }
  type Given = Parameters<typeof isSyntheticMarker>[1]
  const marked = (marker: string | undefined, changes: Partial<MarkedRequest> = {}): Given => ({
    marker,
    ...request,
    ...changes,
  })

  it('verifies when signed with the stage’s key over this very body and key, just now', () => {
    const marker = signSyntheticMarker(key, request, sentAt)
    expect(isSyntheticMarker(key, marked(marker), sentAt)).toBe(true)
    expect(
      isSyntheticMarker(
        key,
        marked(marker, { idempotencyKey: idempotencyKey.toUpperCase(), body: Buffer.from(body) }),
        later(syntheticEnquiry.markerMaxAgeSeconds),
      ),
    ).toBe(true)
  })

  it('marks nothing but its own body: a changed one is an ordinary enquiry', () => {
    const marker = signSyntheticMarker(key, request, sentAt)
    const changed = [
      body.replace('An automatic', 'A hand-written'),
      body.replace(validSubmission.email, 'someone@elsewhere.example'),
      `${body} `,
      body.replace('{', '{ '),
      '',
    ]
    for (const other of changed) {
      expect(isSyntheticMarker(key, marked(marker, { body: other }), sentAt), other).toBe(false)
    }
  })

  it('is refused when forged, replayed late, moved to another enquiry or without a key', () => {
    const marker = signSyntheticMarker(key, request, sentAt)
    const other = '6f1c2d3e-4a5b-4c6d-8e7f-000000000000'
    const seconds = sentAt.getTime() / 1000
    const refused: [string, string | undefined, Given, Date][] = [
      ['another key', 'not-the-stage-key', marked(marker), sentAt],
      ['a marker from outside', key, marked('v2.1800000000.forged'), sentAt],
      [
        'a signature of the right length, made up',
        key,
        marked(`v2.${seconds}.${'A'.repeat(43)}`),
        sentAt,
      ],
      ['the body-less marker of old', key, marked(marker.replace(/^v2/, 'v1')), sentAt],
      [
        'replayed past the window',
        key,
        marked(marker),
        later(syntheticEnquiry.markerMaxAgeSeconds + 1),
      ],
      ['replayed five minutes later', key, marked(marker), later(300)],
      [
        'dated ahead of the clock',
        key,
        marked(marker),
        later(-syntheticEnquiry.markerMaxAheadSeconds - 1),
      ],
      ['on another enquiry', key, marked(marker, { idempotencyKey: other }), sentAt],
      ['without an idempotency key', key, { marker, body }, sentAt],
      ['without a body', key, { marker, idempotencyKey }, sentAt],
      ['no key configured', undefined, marked(marker), sentAt],
      ['an empty key configured', '', marked(marker), sentAt],
      ['no marker', key, marked(undefined), sentAt],
    ]
    for (const [why, configured, given, now] of refused) {
      expect(isSyntheticMarker(configured, given, now), why).toBe(false)
    }
  })

  it('has the shortest window the canary needs: its post’s time limit and clocks apart', () => {
    expect(syntheticEnquiry.markerMaxAgeSeconds).toBeLessThanOrEqual(
      STEP_TIMEOUT_MS / 1000 + syntheticEnquiry.markerMaxAheadSeconds,
    )
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
