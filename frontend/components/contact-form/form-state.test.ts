import { describe, expect, it } from 'vitest'
import { contactMessages, maxLengths } from '../../../shared/contact.ts'
import { sampleEnquiry } from '../../../shared/sample-enquiry.ts'
import { HttpError } from '../../api/request.ts'
import {
  type ContactValues,
  emptyValues,
  firstInvalidField,
  newIdempotencyKey,
  serverFieldErrors,
  submissionKey,
  visitorMessage,
  withFieldError,
} from './form-state.ts'
import { isSubmitDisabled, readiness } from './live-state.ts'
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
  it("tells the visitor the API's own message when its answer has one", () => {
    const body = JSON.stringify({ message: 'Sorry, we could not save your message just now.' })
    expect(visitorMessage(new HttpError(503, 'Service Unavailable', body))).toBe(
      'Sorry, we could not save your message just now.',
    )
  })

  it("says 'Please try again later.' for an answer without one, never the raw status or body", () => {
    for (const body of ['', 'Internal Server Error', '<html>502</html>', '{"message":""}', '[]']) {
      expect(visitorMessage(new HttpError(500, 'Internal Server Error', body))).toBe(
        'Please try again later.',
      )
    }
    expect(visitorMessage(new Error('boom'))).toBe('Please try again later.')
    expect(visitorMessage(undefined)).toBe('Please try again later.')
  })

  it('says in plain words when the request never reached the server', () => {
    const message = visitorMessage(new TypeError('Failed to fetch'))
    expect(message).toMatch(/couldn't reach our server/)
    expect(message).not.toContain('fetch')
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
