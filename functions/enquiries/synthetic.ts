import { createHmac, timingSafeEqual } from 'node:crypto'
import { syntheticEnquiry } from '#shared/synthetic-enquiry.ts'

/**
 * The canary's marker: `v1.<epoch seconds>.<HMAC-SHA256 of "v1.<seconds>.<idempotency key>">`.
 * Bound to the request's idempotency key and to a time, so a marker seen once (in a log, on the
 * wire) cannot mark any other enquiry, nor the same one later than `markerMaxAgeSeconds`.
 */
const VERSION = 'v1'

function signature(key: string, seconds: number, idempotencyKey: string): Buffer {
  return createHmac('sha256', key)
    .update(`${VERSION}.${seconds}.${idempotencyKey.toLowerCase()}`)
    .digest()
}

/** The marker the canary sends with an enquiry posted under `idempotencyKey` at `now`. */
export function signSyntheticMarker(key: string, idempotencyKey: string, now: Date): string {
  const seconds = Math.floor(now.getTime() / 1000)
  return `${VERSION}.${seconds}.${signature(key, seconds, idempotencyKey).toString('base64url')}`
}

/**
 * Whether a request's marker was signed with `key` for this idempotency key, recently. Anything
 * else (no key configured, no marker, no idempotency key, a stale or forged marker) is `false`:
 * the enquiry is then an ordinary one, stored and e-mailed to the agency like any other.
 */
export function isSyntheticMarker(
  key: string | undefined,
  marker: string | undefined,
  idempotencyKey: string | undefined,
  now: Date,
): boolean {
  if (!key || !marker || !idempotencyKey) return false
  const match = /^v1\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(marker.trim())
  if (!match) return false
  const seconds = Number(match[1])
  const age = now.getTime() / 1000 - seconds
  // A little allowance for clocks running ahead of this one.
  if (age > syntheticEnquiry.markerMaxAgeSeconds || age < -60) return false
  const given = Buffer.from(match[2] as string, 'base64url')
  const expected = signature(key, seconds, idempotencyKey)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** When a synthetic enquiry created at `createdAt` must be gone (epoch seconds, the table's TTL). */
export function syntheticExpiresAt(createdAt: Date): number {
  return Math.floor(createdAt.getTime() / 1000) + syntheticEnquiry.retentionSeconds
}
