import { describe, expect, it } from 'vitest'
import { httpEvent } from '../test-support.ts'
import { honeypotFilled, idempotencyKeyOf, parseFormBody, routeOf } from './request.ts'
import { HttpProblem } from './responses.ts'

describe('request helpers', () => {
  it('routes the JSON and form paths, with or without a trailing slash', () => {
    expect(routeOf({ rawPath: '/api/contacts' })).toBe('json')
    expect(routeOf({ rawPath: '/api/contacts/' })).toBe('json')
    expect(routeOf({ rawPath: '/api/contacts/form' })).toBe('form')
    expect(routeOf({ rawPath: '/api/contact' })).toBeUndefined()
    expect(routeOf({ rawPath: '/' })).toBeUndefined()
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
    expect(idempotencyKeyOf(httpEvent({ headers: { 'Idempotency-Key': key } }))).toBe(
      key.toLowerCase(),
    )
    expect(idempotencyKeyOf(httpEvent({ headers: {} }))).toBeUndefined()
    expect(idempotencyKeyOf(httpEvent({ headers: { 'idempotency-key': '' } }))).toBeUndefined()
    expect(() => idempotencyKeyOf(httpEvent({ headers: { 'idempotency-key': '1' } }))).toThrow(
      HttpProblem,
    )
  })
})
