import type { APIGatewayProxyEventV2, Context } from 'aws-lambda'
import { describe, expect, it, vi } from 'vitest'
import { originSecret } from '#shared/origin-secret.ts'
import { jsonEvent, testContext, validSubmission } from '../test-fixtures/test-support.ts'
import {
  LOCAL_STACK_WITHOUT_SECRET,
  notThroughSiteMessage,
  requireOriginSecret,
} from './origin-check.ts'

const secret = 'kQ3v9Zr1Lw8Xy2Tb7Nf4Hs6Jd0Pm5Gc1'

function guarded(secretValue: Parameters<typeof requireOriginSecret>[0]) {
  const inner = vi.fn(async (_event: APIGatewayProxyEventV2, _context: Context) => ({
    statusCode: 201,
    headers: {},
    body: '{}',
  }))
  return { inner, handler: requireOriginSecret(secretValue, inner) }
}

describe('requireOriginSecret', () => {
  it('passes requests that came through CloudFront (the secret header) to the handler', async () => {
    const { inner, handler } = guarded(secret)
    const event = jsonEvent(validSubmission, { [originSecret.header]: secret })
    expect(await handler(event, testContext)).toMatchObject({ statusCode: 201 })
    expect(inner).toHaveBeenCalledWith(event, testContext)
  })

  it.each([
    ['no header', {}],
    ['a wrong secret', { [originSecret.header]: secret.replace(/.$/, 'X') }],
    ['a prefix of it', { [originSecret.header]: secret.slice(0, 10) }],
    ['an empty header', { [originSecret.header]: '' }],
  ])(
    'refuses a request with %s (the API called directly) with 403, never storing it',
    async (_, headers) => {
      const { inner, handler } = guarded(secret)
      const result = (await handler(jsonEvent(validSubmission, headers), testContext)) as {
        statusCode: number
        body: string
      }
      expect(result.statusCode).toBe(403)
      expect(JSON.parse(result.body)).toEqual({ message: notThroughSiteMessage })
      expect(inner).not.toHaveBeenCalled()
    },
  )

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['blank', '  '],
  ])('refuses to start when the secret is %s, naming the variable', (_, value) => {
    expect(() => guarded(value)).toThrow(/^ORIGIN_SECRET is empty: .* go around CloudFront/)
  })

  it('checks nothing on the local stack, which says it has no secret', async () => {
    const { handler } = guarded(LOCAL_STACK_WITHOUT_SECRET)
    expect(await handler(jsonEvent(validSubmission), testContext)).toMatchObject({
      statusCode: 201,
    })
  })
})
