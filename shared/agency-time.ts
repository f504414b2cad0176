/**
 * The agency's own clock: every time its staff read (an enquiry e-mail, the digest, the
 * reminder, the weekly summary, the action pages, `npm run enquiries -- show`) is written here,
 * in the stage's time zone with the zone named (`Mon 27 Jul 2026, 09:05 BST`), never as UTC
 * (which is an hour off from late March to late October in the UK). Stored times stay ISO 8601
 * UTC; only what a person reads is converted.
 */

/** A stage's time zone unless its settings say otherwise (infra/settings/staff-settings.ts). */
export const DEFAULT_AGENCY_TIME_ZONE = 'Europe/London'

/** Whether `zone` is an IANA time zone this runtime knows (`Europe/London`, `America/New_York`). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone })
    return zone.includes('/') || zone === 'UTC'
  } catch {
    return false
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>()

/** One formatter per zone: building one costs more than formatting with it. */
function formatter(zone: string): Intl.DateTimeFormat {
  let found = formatters.get(zone)
  if (!found) {
    found = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    })
    formatters.set(zone, found)
  }
  return found
}

type Part = 'weekday' | 'day' | 'month' | 'year' | 'hour' | 'minute' | 'timeZoneName'

function partsOf(at: Date, zone: string): Record<Part, string> {
  const parts = Object.fromEntries(
    formatter(zone)
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  )
  return parts as Record<Part, string>
}

/**
 * A moment as staff read it: `Mon 27 Jul 2026, 09:05 BST` (`GMT` in winter; another zone by
 * its own short name, e.g. `CET`, or its offset, e.g. `GMT-5`).
 */
export function formatAgencyTime(
  at: Date | string,
  zone: string = DEFAULT_AGENCY_TIME_ZONE,
): string {
  const date = typeof at === 'string' ? new Date(at) : at
  if (Number.isNaN(date.getTime())) return 'an unknown time'
  const p = partsOf(date, zone)
  return `${p.weekday} ${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute} ${p.timeZoneName}`
}

/** The calendar date of a moment in `zone` (its own day, month and year, and weekday 1 = Monday). */
export function agencyDate(at: Date, zone: string = DEFAULT_AGENCY_TIME_ZONE) {
  const p = partsOf(at, zone)
  const months = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ')
  const weekdays = 'Mon Tue Wed Thu Fri Sat Sun'.split(' ')
  return {
    year: Number(p.year),
    month: months.indexOf(p.month) + 1,
    day: Number(p.day),
    weekday: weekdays.indexOf(p.weekday) + 1,
  }
}

/** How far `zone`'s clock is ahead of UTC at `at`, in milliseconds (BST: 3,600,000). */
function offsetMs(at: Date, zone: string): number {
  const { year, month, day } = agencyDate(at, zone)
  const p = partsOf(at, zone)
  const asUtc = Date.UTC(year, month - 1, day, Number(p.hour), Number(p.minute))
  return asUtc - Math.floor(at.getTime() / 60_000) * 60_000
}

/**
 * The moment a calendar day starts in `zone` (its local midnight), for the day `days` after the
 * one `at` falls on there. The offset is read at the answer itself, so a day on which the clocks
 * change starts at its own midnight.
 */
export function startOfAgencyDay(at: Date, zone: string = DEFAULT_AGENCY_TIME_ZONE, days = 0) {
  const { year, month, day } = agencyDate(at, zone)
  const midnightAsUtc = Date.UTC(year, month - 1, day + days)
  let guess = new Date(midnightAsUtc - offsetMs(new Date(midnightAsUtc), zone))
  guess = new Date(midnightAsUtc - offsetMs(guess, zone))
  return guess
}

/** A length of time as staff read it: `45 min`, `3 h 20 min`, `2 days 4 h`. */
export function formatDuration(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000))
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 48) return `${hours} h${minutes % 60 ? ` ${minutes % 60} min` : ''}`
  const days = Math.floor(hours / 24)
  return `${days} days${hours % 24 ? ` ${hours % 24} h` : ''}`
}
