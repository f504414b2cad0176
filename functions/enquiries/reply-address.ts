import { createHmac, timingSafeEqual } from 'node:crypto'
import { isUuid } from './item.ts'

/**
 * The enquiry e-mail's second Reply-To address, one per enquiry, on the stage's receiving
 * subdomain (docs/decisions/0039-reply-detection.md): `reply-<id>-<signature>@<reply domain>`,
 * the id's 32 hex digits and the first 80 bits of an HMAC-SHA-256 of the stage and the id under
 * the stage's link key, in hex. A staff reply reaches it beside the enquirer, and records the
 * answer; an address not signed here (made up, changed, of another stage) names no enquiry.
 * The local part is 59 characters (at most 64 allowed), lower-case letters, digits and hyphens
 * only, so no mail system has reason to rewrite it.
 */

const pattern = /^reply-([0-9a-f]{32})-([0-9a-f]{20})@(.+)$/

function signature(key: string, stage: string, id: string): Buffer {
  return createHmac('sha256', key).update(`reply|${stage}|${id}`).digest().subarray(0, 10)
}

/** The reply address of one enquiry. */
export function replyAddress(key: string, stage: string, id: string, domain: string): string {
  if (!isUuid(id)) throw new Error('Only a stored enquiry id goes into a reply address.')
  const lower = id.toLowerCase()
  return `reply-${lower.replaceAll('-', '')}-${signature(key, stage, lower).toString('hex')}@${domain.toLowerCase()}`
}

/**
 * The enquiry a reply address names, when this stage signed it for `domain`; `undefined` for
 * anything else. Compared without regard to case (some mail systems change it) and in constant
 * time.
 */
export function enquiryOfReplyAddress(
  key: string,
  stage: string,
  address: string,
  domain: string,
): string | undefined {
  const match = pattern.exec(address.trim().toLowerCase())
  if (!match || match[3] !== domain.toLowerCase()) return undefined
  const hex = match[1] as string
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
  const expected = signature(key, stage, id)
  const given = Buffer.from(match[2] as string, 'hex')
  return timingSafeEqual(given, expected) ? id : undefined
}
