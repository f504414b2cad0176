import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { RETENTION_YEARS } from './contact.ts'
import {
  emailStatuses,
  enquiryRef,
  needsAttention,
  normaliseEmail,
  retentionExpiresAt,
} from './enquiry-table.ts'

const epoch = (iso: string) => Date.parse(iso) / 1000

describe('retention expiry (the TTL attribute)', () => {
  it('is createdAt plus three calendar years, in epoch seconds', () => {
    expect(RETENTION_YEARS).toBe(3)
    expect(retentionExpiresAt(new Date('2026-11-21T14:05:09.999Z'))).toBe(
      epoch('2029-11-21T14:05:09Z'),
    )
  })

  it('counts calendar years, not 365-day ones, across a leap day', () => {
    // 2027-03-01 → 2030-03-01 spans no 29 February; 2025-03-01 → 2028-03-01 spans one.
    expect(retentionExpiresAt(new Date('2027-03-01T00:00:00Z'))).toBe(epoch('2030-03-01T00:00:00Z'))
    expect(retentionExpiresAt(new Date('2025-03-01T00:00:00Z'))).toBe(epoch('2028-03-01T00:00:00Z'))
  })

  it('expires an enquiry made on 29 February on 28 February, never after three years', () => {
    expect(retentionExpiresAt(new Date('2024-02-29T23:59:59Z'))).toBe(epoch('2027-02-28T23:59:59Z'))
    expect(retentionExpiresAt(new Date('2024-02-29T12:00:00Z'), 4)).toBe(
      epoch('2028-02-29T12:00:00Z'),
    )
  })

  it('keeps 28 February and the end of other months as they are', () => {
    expect(retentionExpiresAt(new Date('2025-02-28T08:00:00Z'))).toBe(epoch('2028-02-28T08:00:00Z'))
    expect(retentionExpiresAt(new Date('2026-12-31T23:00:00Z'))).toBe(epoch('2029-12-31T23:00:00Z'))
  })

  it('always lands in the same month, on the same day or the month’s last, at the same time', () => {
    const dates = fc.date({
      min: new Date('2000-01-01T00:00:00Z'),
      max: new Date('2200-12-31T23:59:59Z'),
      noInvalidDate: true,
    })
    fc.assert(
      fc.property(dates, (createdAt) => {
        const expiry = new Date(retentionExpiresAt(createdAt) * 1000)
        expect(expiry.getUTCFullYear()).toBe(createdAt.getUTCFullYear() + 3)
        expect(expiry.getUTCMonth()).toBe(createdAt.getUTCMonth())
        const leapDay = createdAt.getUTCMonth() === 1 && createdAt.getUTCDate() === 29
        expect(expiry.getUTCDate()).toBe(leapDay ? 28 : createdAt.getUTCDate())
        expect(expiry.getUTCHours()).toBe(createdAt.getUTCHours())
        expect(expiry.getUTCSeconds()).toBe(createdAt.getUTCSeconds())
        const days = (expiry.getTime() - createdAt.getTime()) / 86_400_000
        expect(days).toBeGreaterThan(3 * 365 - 1)
        expect(days).toBeLessThanOrEqual(3 * 365 + 1)
      }),
    )
  })
})

describe('normaliseEmail', () => {
  it('trims and lower-cases, for the by-email index', () => {
    expect(normaliseEmail('  Ada@Example.CO.UK ')).toBe('ada@example.co.uk')
  })
})

describe('enquiryRef', () => {
  it('is the first eight hex digits of the id, upper-cased', () => {
    expect(enquiryRef('3f9a1c2b-7d4e-5f60-8a9b-0c1d2e3f4a5b')).toBe('3F9A1C2B')
  })
})

describe('needsAttention', () => {
  it('holds for the statuses a person must look at, never for pending, sent or delivered', () => {
    expect(emailStatuses.filter(needsAttention)).toEqual([
      'bounced',
      'complained',
      'rejected',
      'gave-up',
      'held',
    ])
  })
})
