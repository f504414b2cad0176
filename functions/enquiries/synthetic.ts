import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { syntheticEnquiry } from '#shared/synthetic-enquiry.ts'

/**
 * The canary's marker: `v2.<epoch seconds>.<HMAC-SHA256 of "v2.<seconds>.<idempotency key>.
 * <SHA-256 of the body's bytes>">`. Bound to the exact body, to the request's idempotency key and
 * to a time, so a marker seen once (in a log, on the wire) marks nothing but that very request,
 * for at most `markerMaxAgeSeconds`: another body under it is an ordinary enquiry, and the same
 * body and key again is the same enquiry (the key's id), stored once.
 */
const VERSION = 'v2'

/** What a marker is bound to: the request's idempotency key and its body, byte for byte. */
export interface MarkedRequest {
  readonly idempotencyKey: string
  /** The body as sent (UTF-8 bytes; a string is encoded so). */
  readonly body: Uint8Array | string
}

function signature(key: string, seconds: number, request: MarkedRequest): Buffer {
  const bodyHash = createHash('sha256').update(request.body).digest('base64url')
  return createHmac('sha256', key)
    .update(`${VERSION}.${seconds}.${request.idempotencyKey.toLowerCase()}.${bodyHash}`)
    .digest()
}

/** The marker the canary sends with `request`, posted at `now`. */
export function signSyntheticMarker(key: string, request: MarkedRequest, now: Date): string {
  const seconds = Math.floor(now.getTime() / 1000)
  return `${VERSION}.${seconds}.${signature(key, seconds, request).toString('base64url')}`
}

/**
 * Whether a request's marker was signed with `key` for this idempotency key and this body, just
 * now. Anything else (no key configured, no marker, no idempotency key, another body, a stale or
 * forged marker) is `false`: the enquiry is then an ordinary one, stored and e-mailed to the
 * agency like any other.
 */
export function isSyntheticMarker(
  key: string | undefined,
  request: { readonly marker?: string | undefined } & Partial<MarkedRequest>,
  now: Date,
): boolean {
  const { marker, idempotencyKey, body } = request
  if (!key || !marker || !idempotencyKey || body === undefined) return false
  const match = /^v2\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(marker.trim())
  if (!match) return false
  const seconds = Number(match[1])
  const age = now.getTime() / 1000 - seconds
  if (age > syntheticEnquiry.markerMaxAgeSeconds || age < -syntheticEnquiry.markerMaxAheadSeconds) {
    return false
  }
  const given = Buffer.from(match[2] as string, 'base64url')
  const expected = signature(key, seconds, { idempotencyKey, body })
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** When a synthetic enquiry created at `createdAt` must be gone (epoch seconds, the table's TTL). */
export function syntheticExpiresAt(createdAt: Date): number {
  return Math.floor(createdAt.getTime() / 1000) + syntheticEnquiry.retentionSeconds
}
