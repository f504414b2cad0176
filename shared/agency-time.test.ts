import { describe, expect, it } from 'vitest'
import {
  agencyDate,
  formatAgencyTime,
  formatDuration,
  isTimeZone,
  startOfAgencyDay,
} from './agency-time.ts'

describe('the agency’s clock', () => {
  it('shows a July enquiry in BST and a November one in GMT, the zone named', () => {
    expect(formatAgencyTime('2026-07-27T08:05:00.000Z')).toBe('Mon 27 Jul 2026, 09:05 BST')
    expect(formatAgencyTime('2026-11-27T08:05:00.000Z')).toBe('Fri 27 Nov 2026, 08:05 GMT')
  })

  it('turns the date over at local midnight, not UTC’s', () => {
    expect(formatAgencyTime(new Date('2026-07-27T23:30:00.000Z'))).toBe(
      'Tue 28 Jul 2026, 00:30 BST',
    )
    expect(agencyDate(new Date('2026-07-27T23:30:00.000Z'))).toEqual({
      year: 2026,
      month: 7,
      day: 28,
      weekday: 2,
    })
  })

  it('follows the clock change on its night, both ways', () => {
    // 29 March 2026: 01:00 GMT becomes 02:00 BST; 25 October 2026: 02:00 BST becomes 01:00 GMT.
    expect(formatAgencyTime('2026-03-29T00:59:00.000Z')).toBe('Sun 29 Mar 2026, 00:59 GMT')
    expect(formatAgencyTime('2026-03-29T01:00:00.000Z')).toBe('Sun 29 Mar 2026, 02:00 BST')
    expect(formatAgencyTime('2026-10-25T00:30:00.000Z')).toBe('Sun 25 Oct 2026, 01:30 BST')
    expect(formatAgencyTime('2026-10-25T01:30:00.000Z')).toBe('Sun 25 Oct 2026, 01:30 GMT')
  })

  it('writes another stage’s zone by its own name', () => {
    expect(formatAgencyTime('2026-07-27T08:05:00.000Z', 'Europe/Paris')).toBe(
      'Mon 27 Jul 2026, 10:05 CEST',
    )
    expect(formatAgencyTime('2026-07-27T08:05:00.000Z', 'UTC')).toBe('Mon 27 Jul 2026, 08:05 UTC')
  })

  it('finds the local midnight a day starts at, in summer, winter and on a change of clocks', () => {
    const summer = new Date('2026-07-27T12:00:00.000Z')
    expect(startOfAgencyDay(summer).toISOString()).toBe('2026-07-26T23:00:00.000Z')
    expect(startOfAgencyDay(summer, 'Europe/London', -7).toISOString()).toBe(
      '2026-07-19T23:00:00.000Z',
    )
    expect(startOfAgencyDay(new Date('2026-11-27T12:00:00.000Z')).toISOString()).toBe(
      '2026-11-27T00:00:00.000Z',
    )
    // The Monday after the clocks went back: the week before it began in BST.
    const monday = new Date('2026-10-26T09:00:00.000Z')
    expect(startOfAgencyDay(monday).toISOString()).toBe('2026-10-26T00:00:00.000Z')
    expect(startOfAgencyDay(monday, 'Europe/London', -7).toISOString()).toBe(
      '2026-10-18T23:00:00.000Z',
    )
  })

  it('knows a time zone from a made-up one', () => {
    expect(isTimeZone('Europe/London')).toBe(true)
    expect(isTimeZone('America/New_York')).toBe(true)
    expect(isTimeZone('Europe/Londn')).toBe(false)
    expect(isTimeZone('BST')).toBe(false)
  })

  it('says how long in the largest units that read at a glance', () => {
    expect(formatDuration(45 * 60_000)).toBe('45 min')
    expect(formatDuration(200 * 60_000)).toBe('3 h 20 min')
    expect(formatDuration(5 * 3_600_000)).toBe('5 h')
    expect(formatDuration(52 * 3_600_000)).toBe('2 days 4 h')
  })
})
