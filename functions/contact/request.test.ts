import httpHeaderNormalizer from '@middy/http-header-normalizer'
import type { APIGatewayProxyEventV2 } from 'aws-lambda'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { wellFormed } from '../enquiries/item.ts'
import { httpEvent } from '../test-fixtures/test-support.ts'
import {
  bodyText,
  checkRequest,
  declaresOtherCharsetThanUtf8,
  honeypotFilled,
  idempotencyKeyOf,
  parseFormBody,
  routeOf,
} from './request.ts'
import { HttpProblem, responseMessages } from './responses.ts'

/** An event as the handler's first middleware hands it on: header names in lower case. */
function normalised(event: APIGatewayProxyEventV2): APIGatewayProxyEventV2 {
  httpHeaderNormalizer().before?.({ event } as never)
  return event
}

describe('request helpers', () => {
  it('routes the JSON and form paths, with or without a trailing slash', () => {
    expect(routeOf({ rawPath: '/api/contacts' })).toBe('json')
    expect(routeOf({ rawPath: '/api/contacts/' })).toBe('json')
    expect(routeOf({ rawPath: '/api/contacts/form' })).toBe('form')
    expect(routeOf({ rawPath: '/api/contact' })).toBeUndefined()
    expect(routeOf({ rawPath: '/' })).toBeUndefined()
  })

  it('routes the paths under the one segment CloudFront adds, and nothing deeper', () => {
    expect(routeOf({ rawPath: '/Secret48chars/api/contacts' })).toBe('json')
    expect(routeOf({ rawPath: '/Secret48chars/api/contacts/form/' })).toBe('form')
    expect(routeOf({ rawPath: '/a/b/api/contacts' })).toBeUndefined()
    expect(routeOf({ rawPath: '/Secret48chars/api/contact' })).toBeUndefined()
    expect(routeOf({ rawPath: '/Secret48chars' })).toBeUndefined()
  })

  it('reads a urlencoded body, the first value winning', () => {
    expect(parseFormBody('firstName=Ada+B&message=caf%C3%A9%20%26%20co&firstName=Eve')).toEqual({
      firstName: 'Ada B',
      message: 'café & co',
    })
    expect(Object.getPrototypeOf(parseFormBody('__proto__=x'))).toBe(Object.prototype)
  })

  it('spots a filled honeypot, and only that', () => {
    expect(honeypotFilled({ website: 'https://spam.example' })).toBe(true)
    expect(honeypotFilled({ website: ['x'] })).toBe(true)
    expect(honeypotFilled({ website: '   ' })).toBe(false)
    expect(honeypotFilled({})).toBe(false)
    expect(honeypotFilled(null)).toBe(false)
  })

  it('reads the idempotency key whatever the header’s case, refusing malformed ones', () => {
    const key = 'C0FFEE00-1234-4ABC-8DEF-0123456789AB'
    expect(idempotencyKeyOf(normalised(httpEvent({ headers: { 'Idempotency-Key': key } })))).toBe(
      key.toLowerCase(),
    )
    expect(idempotencyKeyOf(httpEvent({ headers: {} }))).toBeUndefined()
    expect(idempotencyKeyOf(httpEvent({ headers: { 'idempotency-key': '' } }))).toBeUndefined()
    expect(() => idempotencyKeyOf(httpEvent({ headers: { 'idempotency-key': '1' } }))).toThrow(
      HttpProblem,
    )
  })
})

describe('the charset of a JSON body', () => {
  it.each([
    'application/json; charset=iso-8859-1',
    'application/json; charset="ISO-8859-1"',
    'application/json;charset=windows-1252',
    'application/json ; CHARSET = utf-16',
  ])('refuses %s with a 415 that asks for UTF-8', (contentType) => {
    // "café" in ISO-8859-1 (é is 0xE9), as such a client would send it.
    const body = Buffer.from('{"message":"café"}', 'latin1').toString('base64')
    const event = httpEvent({
      headers: { 'content-type': contentType },
      body,
      isBase64Encoded: true,
    })
    expect(() => checkRequest(event)).toThrow(HttpProblem)
    try {
      checkRequest(event)
    } catch (error) {
      expect((error as HttpProblem).status).toBe(415)
      expect((error as HttpProblem).message).toBe(responseMessages.notUtf8)
      expect((error as HttpProblem).message).toMatch(/UTF-8/)
    }
  })

  it.each([
    'application/json',
    'application/json; charset=utf-8',
    'application/json; charset="UTF-8"',
    'application/json; charset=utf8',
    'application/merge-patch+json; charset=UTF-8',
  ])('takes %s', (contentType) => {
    expect(declaresOtherCharsetThanUtf8(contentType)).toBe(false)
    expect(checkRequest(httpEvent({ headers: { 'content-type': contentType }, body: '{}' }))).toBe(
      'json',
    )
  })
})

/** The problem `action` throws, or undefined if it throws none (or something else). */
function problemOf(action: () => unknown): HttpProblem | undefined {
  try {
    action()
  } catch (error) {
    if (error instanceof HttpProblem) return error
    throw error
  }
  return undefined
}

describe('the form without JavaScript and its charset', () => {
  const formEventWith = (contentType: string, body = 'firstName=Zo%C3%AB') =>
    httpEvent({ path: '/api/contacts/form', headers: { 'content-type': contentType }, body })

  it.each([
    'application/x-www-form-urlencoded; charset=iso-8859-1',
    'application/x-www-form-urlencoded; charset="windows-1252"',
    'application/x-www-form-urlencoded;charset=Shift_JIS',
  ])('refuses %s with a 415 that says why in words', (contentType) => {
    const problem = problemOf(() => checkRequest(formEventWith(contentType, 'firstName=Zo%EB')))
    expect(problem?.status).toBe(415)
    expect(problem?.message).toBe(responseMessages.formNotUtf8)
  })

  it.each([
    'application/x-www-form-urlencoded',
    'application/x-www-form-urlencoded; charset=UTF-8',
    'application/x-www-form-urlencoded; charset="utf-8"',
  ])('takes %s', (contentType) => {
    expect(checkRequest(formEventWith(contentType))).toBe('form')
  })

  it('reads what URLSearchParams reads, for every valid body', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string(), fc.string())), (pairs) => {
        const text = pairs.map(([name, value]) => [wellFormed(name), wellFormed(value)])
        const body = new URLSearchParams(text).toString()
        // No prototype, so a field named `__proto__` is a field here too, as it is in the answer.
        const expected: Record<string, string> = Object.create(null)
        for (const [name, value] of new URLSearchParams(body)) {
          if (!Object.hasOwn(expected, name)) expected[name] = value
        }
        expect(parseFormBody(body)).toEqual(expected)
      }),
    )
    expect(parseFormBody('a=100%&b=%zz&c=%4')).toEqual({ a: '100%', b: '%zz', c: '%4' })
  })

  it.each([
    ['a Latin-1 byte', 'firstName=Zo%EB'],
    ['a cut-off sequence', 'message=caf%C3'],
    ['an overlong encoding', 'message=%C0%AF'],
    ['an encoded surrogate', 'message=%ED%A0%80'],
  ])('refuses %s in a field (400), never replacing it with U+FFFD', (_label, body) => {
    const problem = problemOf(() => parseFormBody(body))
    expect(problem?.status).toBe(400)
    expect(problem?.message).toBe(responseMessages.invalidUtf8)
  })

  it('refuses a base64 body whose bytes are not UTF-8', () => {
    const latin1 = Buffer.from('firstName=Zoë', 'latin1').toString('base64')
    const problem = problemOf(() => bodyText({ body: latin1, isBase64Encoded: true }))
    expect(problem?.status).toBe(400)
    expect(bodyText({ body: Buffer.from('Zoë').toString('base64'), isBase64Encoded: true })).toBe(
      'Zoë',
    )
  })
})
