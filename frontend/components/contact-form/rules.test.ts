import { describe, expect, it } from 'vitest'
import { HttpError } from '#frontend/api/request.ts'
import { contactMessages, maxLengths } from '#shared/contact.ts'
import { sampleEnquiry } from '#shared/sample-enquiry.ts'
import { contactFormCopy } from './content.ts'
import { isSubmitDisabled, readiness } from './on-load-readiness.ts'
import {
  type ContactValues,
  emptyValues,
  failureReason,
  firstInvalidField,
  newIdempotencyKey,
  SendTimedOut,
  serverFieldErrors,
  submissionKey,
  withFieldError,
} from './rules.ts'
import { validate, validateField } from './validation.ts'

const filled: ContactValues = sampleEnquiry

describe('the submit button', () => {
  it('is disabled while the form starts empty', () => {
    expect(isSubmitDisabled(emptyValues, false)).toBe(true)
  })

  it.each(Object.keys(filled) as (keyof ContactValues)[])(
    'is disabled while %s is empty',
    (field) => {
      expect(isSubmitDisabled({ ...filled, [field]: '' }, false)).toBe(true)
      expect(isSubmitDisabled({ ...filled, [field]: '   ' }, false)).toBe(true)
    },
  )

  it('is disabled while the message is under 10 characters', () => {
    expect(isSubmitDisabled({ ...filled, message: '123456789' }, false)).toBe(true)
    expect(isSubmitDisabled({ ...filled, message: '  12345678  ' }, false)).toBe(true)
    expect(isSubmitDisabled({ ...filled, message: '1234567890' }, false)).toBe(false)
  })

  it('is disabled while sending, even when complete', () => {
    expect(isSubmitDisabled(filled, true)).toBe(true)
  })

  it('is enabled once every field is filled in and nothing is sending', () => {
    expect(isSubmitDisabled(filled, false)).toBe(false)
  })

  it('does not judge the e-mail format: that message shows on submit', () => {
    expect(readiness({ ...filled, email: 'not-an-address' })).toBe('ready')
  })
})

describe('validation', () => {
  it('returns the trimmed enquiry when valid', () => {
    const result = validate({ ...filled, firstName: '  Ada ' })
    expect(result).toEqual({ ok: true, data: filled })
  })

  it("gives the spec's message for each invalid field", () => {
    const result = validate({ ...emptyValues, email: 'nope' })
    expect(result).toEqual({ ok: false, errors: contactMessages })
  })

  it('checks one field at a time for the message under it', () => {
    const values = { ...filled, email: 'nope', phone: '' }
    expect(validateField(values, 'email')).toBe(contactMessages.email)
    expect(validateField(values, 'firstName')).toBeUndefined()
  })

  it('reports values over the maximum length', () => {
    const values = { ...filled, company: 'x'.repeat(maxLengths.company + 1) }
    expect(validateField(values, 'company')).toMatch(/at most/)
  })

  it('sets and clears one field message without touching the others', () => {
    const start = { email: contactMessages.email }
    const added = withFieldError(start, 'phone', contactMessages.phone)
    expect(added).toEqual({ email: contactMessages.email, phone: contactMessages.phone })
    expect(withFieldError(added, 'email', undefined)).toEqual({ phone: contactMessages.phone })
    expect(withFieldError(start, 'email', contactMessages.email)).toBe(start)
  })

  it('finds the first invalid field in the form order', () => {
    expect(firstInvalidField({ message: 'm', email: 'e', lastName: 'l' })).toBe('lastName')
    expect(firstInvalidField({})).toBeUndefined()
  })
})

describe('the idempotency key', () => {
  let counter = 0
  const newKey = () => `key-${++counter}`

  it('is kept when the same enquiry is sent again, and renewed when it changes', () => {
    const first = submissionKey(undefined, filled, newKey)
    const retry = submissionKey(first, { ...filled }, newKey)
    expect(retry.key).toBe(first.key)
    const edited = submissionKey(retry, { ...filled, message: 'Something else entirely.' }, newKey)
    expect(edited.key).not.toBe(first.key)
  })

  it('is a v4 UUID, with or without crypto.randomUUID', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
    expect(newIdempotencyKey()).toMatch(uuid)
    const withoutRandomUuid = {
      getRandomValues: (array: Uint8Array) => crypto.getRandomValues(array),
    } as unknown as Crypto
    expect(newIdempotencyKey(withoutRandomUuid)).toMatch(uuid)
  })
})

describe('the hint beside the button', () => {
  it('asks for every field while any is empty, even with a long message', () => {
    expect(readiness(emptyValues)).toBe('incomplete')
    expect(readiness({ ...filled, phone: '  ' })).toBe('incomplete')
  })

  it('asks for a longer message once every field is filled but the message is short', () => {
    expect(readiness({ ...filled, message: '123456789' })).toBe('short-message')
    expect(readiness({ ...filled, message: ' 12345678 ' })).toBe('short-message')
  })

  it('is gone once the form can be sent', () => {
    expect(readiness({ ...filled, message: '1234567890' })).toBe('ready')
  })
})

describe('after a failed send', () => {
  const reasons = contactFormCopy.failure.reasons
  /** What API Gateway itself answers with, whatever stands behind it. */
  const gatewayBodies = [
    '{"message":"Internal Server Error"}',
    '{"message":"Service Unavailable"}',
    '{"message":"Too Many Requests"}',
    '{"message":"Endpoint request timed out"}',
    '{"message":"Forbidden"}',
    '',
    '<html>502 Bad Gateway</html>',
  ]

  it.each([
    [429, 'rateLimited'],
    [503, 'unavailable'],
    [502, 'unavailable'],
    [500, 'unavailable'],
    [504, 'timedOut'],
    [408, 'timedOut'],
    [413, 'tooLarge'],
    [403, 'refused'],
    [422, 'refused'],
  ] as const)(
    'chooses its words for a %i by the status, whatever the body says',
    (status, reason) => {
      for (const body of gatewayBodies) {
        expect(failureReason(new HttpError(status, 'Status text', body))).toBe(reason)
      }
    },
  )

  it("points at the fields for a 400 that names them, and says the request was refused for one that doesn't", () => {
    const named = JSON.stringify({ message: 'x', errors: { phone: contactMessages.phone } })
    expect(failureReason(new HttpError(400, 'Bad Request', named))).toBe('fields')
    expect(failureReason(new HttpError(400, 'Bad Request', '{"message":"x"}'))).toBe('refused')
  })

  it('says the server took too long when the form stopped waiting, and could not reach it when fetch failed', () => {
    expect(failureReason(new SendTimedOut(15_000))).toBe('timedOut')
    expect(failureReason(new TypeError('Failed to fetch'))).toBe('network')
    expect(failureReason(new Error('boom'))).toBe('unknown')
    expect(failureReason(undefined)).toBe('unknown')
    expect(reasons.unknown).toBe('Please try again later.')
  })

  it('has words for people in every reason: no status code, no gateway or library wording', () => {
    for (const words of Object.values(reasons)) {
      expect(words).not.toMatch(
        /\d{3}|fetch|Endpoint|Unavailable|Internal Server|Too Many|timed out|\{/,
      )
    }
  })

  it("shows a 400's field messages under the fields", () => {
    const body = JSON.stringify({
      message: 'Please check your details',
      errors: { email: contactMessages.email, unknown: 'x' },
    })
    expect(serverFieldErrors(new HttpError(400, 'Bad Request', body))).toEqual({
      email: contactMessages.email,
    })
  })

  it('finds no field messages in other failures', () => {
    expect(serverFieldErrors(new HttpError(503, '', '{"errors":{"email":"x"}}'))).toEqual({})
    expect(serverFieldErrors(new HttpError(400, '', 'not json'))).toEqual({})
    expect(serverFieldErrors(new TypeError('Failed to fetch'))).toEqual({})
  })
})
