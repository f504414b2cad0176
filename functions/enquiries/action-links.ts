import { createHmac, timingSafeEqual } from 'node:crypto'
import { enquiryActionsApi } from '#shared/enquiry-actions.ts'
import { isUuid } from '../enquiries/item.ts'

/**
 * The signed links in the agency's e-mails (docs/decisions/0033-signed-action-links.md): each
 * names one enquiry, one action and an expiry, HMAC-SHA-256 signed with the stage's key. Whoever
 * holds the link may ask for that one action on that one enquiry until it expires, and for
 * nothing else; a changed character, another stage's key or a late click is refused. One link
 * names no enquiry: `waiting`, the page listing every waiting enquiry (its id is `all`).
 */

/**
 * What staff can ask: of a waiting enquiry (release, requeue, dismiss), of one in their inbox
 * (answer: "I have answered this"), and the list of every waiting one (waiting: a page only).
 */
export const enquiryActions = ['release', 'requeue', 'dismiss', 'answer', 'waiting'] as const
export type EnquiryAction = (typeof enquiryActions)[number]

/** The id a `waiting` link carries: it names every waiting enquiry, not one. */
export const ALL_WAITING = 'all'

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
  if (!namesItsEnquiry(claim.id, claim.action) || !stagePattern.test(claim.stage)) {
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

/** The whole link, on the site's own origin; without one, its path (for a page of the site). */
export function actionUrl(siteUrl: string | undefined, token: string): string {
  if (!siteUrl) return `${actionsPath}?${tokenParameter}=${encodeURIComponent(token)}`
  const url = new URL(actionsPath, siteUrl)
  url.searchParams.set(tokenParameter, token)
  return url.toString()
}

/** A stored id's shape for an enquiry's action; `all` for the waiting list, and only there. */
function namesItsEnquiry(id: string, action: string): boolean {
  return action === 'waiting' ? id === ALL_WAITING : isUuid(id)
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
 * first (in constant time), so nothing of a changed token is believed, its stage and expiry
 * included: a token of another stage fails it too (signed with that stage's key), and only a
 * genuine one that names another stage (two stages sharing a key) is told `other-stage`.
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
    !(enquiryActions as readonly string[]).includes(action) ||
    !(action === 'waiting'
      ? id === ALL_WAITING
      : /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id)) ||
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
  if (tokenStage !== stage) return { ok: false, reason: 'other-stage' }
  if (claim.expires * 1000 <= now.getTime()) return { ok: false, reason: 'expired' }
  return { ok: true, claim }
}

/** Signs the links of one stage's e-mails and pages: what their renderers are given. */
export function actionLinker(options: {
  readonly key: string
  readonly stage: string
  /** @default - links are paths on the site's own origin (for its own pages) */
  readonly siteUrl?: string | undefined
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
      signAction(options.key, {
        id: action === 'waiting' ? ALL_WAITING : id,
        action,
        expires,
        stage: options.stage,
      }),
    )
}
