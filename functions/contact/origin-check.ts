import { timingSafeEqual } from 'node:crypto'
import type { APIGatewayProxyEventV2 } from 'aws-lambda'
import { originSecret } from '../../shared/origin-secret.ts'
import { jsonResponse } from './responses.ts'

export const notThroughSiteMessage = 'Enquiries are accepted through the website only.'

/**
 * `handler`, answering 403 to any request that lacks CloudFront's origin secret header. Without
 * a secret (the local stack, tests) every request passes: in AWS the stack always sets one.
 */
export function requireOriginSecret<
  Handler extends (event: APIGatewayProxyEventV2, ...rest: never[]) => Promise<unknown>,
>(secret: string | undefined, handler: Handler): Handler {
  if (!secret) return handler
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
