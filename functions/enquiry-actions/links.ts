import { createHmac, timingSafeEqual } from 'node:crypto'
import { enquiryActionsApi } from '#shared/enquiry-actions.ts'
import { isUuid } from '../enquiries/item.ts'

/**
 * The signed links in the agency's digest (docs/decisions/0033-signed-action-links.md): each
 * names one enquiry, one action and an expiry, HMAC-SHA-256 signed with the stage's key. Whoever
 * holds the link may ask for that one action on that one enquiry until it expires, and for
 * nothing else; a changed character, another stage's key or a late click is refused.
 */

/** What staff can ask of a waiting enquiry. */
export const enquiryActions = ['release', 'requeue', 'dismiss'] as const
export type EnquiryAction = (typeof enquiryActions)[number]

/** How long a link in a digest works. */
export const DEFAULT_LINK_LIFETIME_DAYS = enquiryActionsApi.linkDays
export const actionsPath = enquiryActionsApi.path
export const tokenParameter = enquiryActionsApi.tokenParameter
export const linkKeyEnv = enquiryActionsApi.keyEnv

const version = 'v1'
const stagePattern = /^[a-z][a-z0-9]{0,15}$/

export interface ActionClaim {
  readonly id: string
  readonly action: EnquiryAction
  /** Epoch seconds after which the link is refused. */
  readonly expires: number
  /** The stage whose key signed it: named in the token, so a link of another copy says so. */
  readonly stage: string
}

function signature(key: string, claim: ActionClaim): Buffer {
  return createHmac('sha256', key)
    .update([version, claim.stage, claim.id, claim.action, String(claim.expires)].join('|'))
    .digest()
}

/** The token for one action on one enquiry: `v1.<stage>.<id>.<action>.<expires>.<signature>`. */
export function signAction(key: string, claim: ActionClaim): string {
  if (key.length < 32) throw new Error('The action link key must be at least 32 characters long.')
  if (!isUuid(claim.id) || !stagePattern.test(claim.stage)) {
    throw new Error('Only a stored enquiry id and a stage name go into an action link.')
  }
  return [
    version,
    claim.stage,
    claim.id.toLowerCase(),
    claim.action,
    String(claim.expires),
    signature(key, { ...claim, id: claim.id.toLowerCase() }).toString('base64url'),
  ].join('.')
}

/** The whole link, on the site's own origin. */
export function actionUrl(siteUrl: string, token: string): string {
  const url = new URL(actionsPath, siteUrl)
  url.searchParams.set(tokenParameter, token)
  return url.toString()
}

export type TokenCheck =
  | { readonly ok: true; readonly claim: ActionClaim }
  | {
      readonly ok: false
      /** `malformed`: not a link of ours, or cut short; `forged`: changed, or signed elsewhere. */
      readonly reason: 'malformed' | 'forged' | 'other-stage' | 'expired'
    }

/**
 * Whether a token is one this stage signed, unchanged and in date. The signature is checked
 * first (in constant time), so nothing of a changed token is believed, its expiry included.
 */
export function verifyAction(
  key: string,
  stage: string,
  token: string | undefined,
  now: Date,
): TokenCheck {
  const parts = (token ?? '').split('.')
  if (parts.length !== 6) return { ok: false, reason: 'malformed' }
  const [tokenVersion, tokenStage, id, action, expires, given] = parts as [
    string,
    string,
    string,
    string,
    string,
    string,
  ]
  if (
    tokenVersion !== version ||
    !stagePattern.test(tokenStage) ||
    !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id) ||
    !(enquiryActions as readonly string[]).includes(action) ||
    !/^[1-9]\d{0,11}$/.test(expires) ||
    !/^[A-Za-z0-9_-]{43}$/.test(given)
  ) {
    return { ok: false, reason: 'malformed' }
  }
  const claim: ActionClaim = {
    id,
    action: action as EnquiryAction,
    expires: Number(expires),
    stage: tokenStage,
  }
  if (tokenStage !== stage) return { ok: false, reason: 'other-stage' }
  const expected = signature(key, claim)
  const presented = Buffer.from(given, 'base64url')
  // base64url has spare bits in its last character: only the canonical spelling is accepted.
  if (
    presented.length !== expected.length ||
    presented.toString('base64url') !== given ||
    !timingSafeEqual(presented, expected)
  ) {
    return { ok: false, reason: 'forged' }
  }
  if (claim.expires * 1000 <= now.getTime()) return { ok: false, reason: 'expired' }
  return { ok: true, claim }
}

/** Signs the digest's links for one stage: what the digest renderer is given. */
export function actionLinker(options: {
  readonly key: string
  readonly stage: string
  readonly siteUrl: string
  readonly now: Date
  /** @default DEFAULT_LINK_LIFETIME_DAYS */
  readonly lifetimeDays?: number
}) {
  const expires =
    Math.floor(options.now.getTime() / 1000) +
    (options.lifetimeDays ?? DEFAULT_LINK_LIFETIME_DAYS) * 86_400
  return (id: string, action: EnquiryAction): string =>
    actionUrl(
      options.siteUrl,
      signAction(options.key, { id, action, expires, stage: options.stage }),
    )
}
