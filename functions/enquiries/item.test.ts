import { describe, expect, it } from 'vitest'
import { validSubmission } from '../test-fixtures/test-support.ts'
import { buildEnquiry, enquiryIdFor, isExpired, isUuid, submissionHash } from './item.ts'

describe('buildEnquiry', () => {
  const createdAt = new Date('2024-02-29T10:15:30.123Z')
  const enquiry = buildEnquiry(validSubmission, 'id-1', createdAt)

  it('keeps the seven fields, the id and the time (and its day, for the by-day index), pending its e-mail', () => {
    expect(enquiry).toEqual({
      ...validSubmission,
      id: 'id-1',
      emailNormalised: 'ada@example.co.uk',
      createdAt: '2024-02-29T10:15:30.123Z',
      createdDay: '2024-02-29',
      expiresAt: Date.parse('2027-02-28T10:15:30Z') / 1000,
      submissionHash: submissionHash(validSubmission),
      ref: 'ID1',
      emailPending: 'PENDING',
      emailStatus: 'pending',
      emailStatusAt: '2024-02-29T10:15:30.123Z',
      emailAttempts: 0,
      spamLevel: 'genuine',
      spamScore: 0,
      spamReasons: [],
      messageHash: expect.stringMatching(/^[\w-]{43}$/),
      messageSender: expect.stringMatching(/^2024-02-29T10:15:30\.123Z#[\w-]{16}$/),
    })
  })

  it('holds certain spam back from the inbox, out of the pending index, listed for a person', () => {
    const held = buildEnquiry(validSubmission, 'id-2', createdAt, {
      level: 'certain',
      score: 12,
      reasons: ['The hidden field only bots can see was filled in'],
    })
    expect(held).not.toHaveProperty('emailPending')
    expect(held).toMatchObject({
      emailStatus: 'held',
      attention: 'held',
      expiresAt: enquiry.expiresAt,
      spamLevel: 'certain',
      spamScore: 12,
      spamReasons: ['The hidden field only bots can see was filled in'],
    })
  })

  it('keeps likely spam on its way to the inbox', () => {
    const marked = buildEnquiry(validSubmission, 'id-3', createdAt, {
      level: 'likely',
      score: 5,
      reasons: ['x'],
    })
    expect(marked).toMatchObject({ emailPending: 'PENDING', emailStatus: 'pending' })
    expect(marked).not.toHaveProperty('attention')
  })

  it('is expired from its expiresAt second on', () => {
    expect(isExpired(enquiry, new Date('2027-02-28T10:15:29Z'))).toBe(false)
    expect(isExpired(enquiry, new Date('2027-02-28T10:15:30Z'))).toBe(true)
  })
})

describe('submissionHash', () => {
  it('tells submissions apart by any field', () => {
    expect(submissionHash(validSubmission)).toBe(submissionHash({ ...validSubmission }))
    expect(submissionHash(validSubmission)).not.toBe(
      submissionHash({ ...validSubmission, phone: '020 7946 0001' }),
    )
  })
})

describe('enquiryIdFor', () => {
  const key = 'c0ffee00-1234-4abc-8def-0123456789ab'

  it('derives a stable name-based UUID (v5) from an idempotency key', () => {
    const id = enquiryIdFor(key)
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(enquiryIdFor(key)).toBe(id)
    expect(enquiryIdFor(key.toUpperCase())).toBe(id)
    expect(id).not.toBe(key)
    expect(enquiryIdFor('c0ffee00-1234-4abc-8def-0123456789ac')).not.toBe(id)
  })

  it('is random without a key', () => {
    expect(enquiryIdFor(undefined)).not.toBe(enquiryIdFor(undefined))
    expect(isUuid(enquiryIdFor(undefined))).toBe(true)
  })
})
