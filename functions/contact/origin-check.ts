import { timingSafeEqual } from 'node:crypto'
import type { APIGatewayProxyEventV2 } from 'aws-lambda'
import { originSecret } from '#shared/origin-secret.ts'
import { jsonResponse } from './responses.ts'

export const notThroughSiteMessage = 'Enquiries are accepted through the website only.'

/**
 * What the local stack passes instead of a secret: it has no CloudFront in front of it, so no
 * request could carry one, and it says so rather than leaving the secret out.
 */
export const LOCAL_STACK_WITHOUT_SECRET = Symbol('local stack: no CloudFront, no origin secret')

/**
 * `handler`, answering 403 to any request that lacks CloudFront's origin secret header. An empty
 * or missing secret is a start-up error of the deployed function: without one it would accept
 * every request that goes around CloudFront (and its WAF), and nothing would say so.
 */
export function requireOriginSecret<
  Handler extends (event: APIGatewayProxyEventV2, ...rest: never[]) => Promise<unknown>,
>(secret: string | undefined | typeof LOCAL_STACK_WITHOUT_SECRET, handler: Handler): Handler {
  if (secret === LOCAL_STACK_WITHOUT_SECRET) return handler
  if (secret === undefined || secret.trim() === '') {
    throw new Error(
      `${originSecret.env} is empty: the contact function would accept requests that go around ` +
        'CloudFront. The stack sets it from its ContactApi/OriginSecret secret: deploy again.',
    )
  }
  const expected = Buffer.from(secret)
  const guarded = async (event: APIGatewayProxyEventV2, ...rest: never[]) => {
    const given = Buffer.from(event.headers?.[originSecret.header] ?? '')
    // Constant time, so the answer's timing says nothing about how much of a guess was right.
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return jsonResponse(403, { message: notThroughSiteMessage })
    }
    return handler(event, ...rest)
  }
  return guarded as Handler
}
