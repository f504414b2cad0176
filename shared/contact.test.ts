import { describe, expect, it } from 'vitest'
import { contactMessages, contactSchema, fieldErrors, maxLengths } from './contact.ts'
import { sampleEnquiry } from './sample-enquiry.ts'

const valid = sampleEnquiry

const errorsFor = (input: unknown) => {
  const result = contactSchema.safeParse(input)
  return result.success ? {} : fieldErrors(result.error)
}

describe('contact schema', () => {
  it('accepts a complete enquiry, trimming every value', () => {
    const padded = Object.fromEntries(Object.entries(valid).map(([k, v]) => [k, `  ${v}  `]))
    expect(contactSchema.parse(padded)).toEqual(valid)
  })

  it("gives the spec's message for each empty field", () => {
    const empty = Object.fromEntries(Object.keys(valid).map((key) => [key, '']))
    expect(errorsFor(empty)).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Please enter a valid email address',
      phone: 'Phone number is required',
      company: 'Company name is required',
      position: 'Position is required',
      message: 'Message must be at least 10 characters long',
    })
  })

  it('gives the same messages when fields are missing or of the wrong type', () => {
    expect(errorsFor({})).toEqual(contactMessages)
    expect(errorsFor({ ...valid, firstName: 42, message: ['x'] })).toEqual({
      firstName: 'First name is required',
      message: 'Message must be at least 10 characters long',
    })
  })

  it('treats whitespace-only values as empty', () => {
    expect(errorsFor({ ...valid, company: '   ', message: '         x' })).toEqual({
      company: 'Company name is required',
      message: 'Message must be at least 10 characters long',
    })
  })

  it('requires a message of at least 10 characters', () => {
    expect(errorsFor({ ...valid, message: '123456789' })).toEqual({
      message: contactMessages.message,
    })
    expect(errorsFor({ ...valid, message: '1234567890' })).toEqual({})
  })

  it('rejects an invalid e-mail address', () => {
    for (const email of ['ada', 'ada@', '@example.com', 'ada@example', 'a da@example.com']) {
      expect(errorsFor({ ...valid, email })).toEqual({
        email: 'Please enter a valid email address',
      })
    }
  })

  it('caps every field at a sane length with its own message', () => {
    expect(errorsFor({ ...valid, message: 'x'.repeat(maxLengths.message + 1) })).toEqual({
      message: 'Message must be at most 5000 characters',
    })
    expect(errorsFor({ ...valid, firstName: 'x'.repeat(101) })).toEqual({
      firstName: 'First name must be at most 100 characters',
    })
  })

  it('drops unknown fields', () => {
    const parsed = contactSchema.parse({ ...valid, isAdmin: true, __proto__: { polluted: 1 } })
    expect(Object.keys(parsed).sort()).toEqual(Object.keys(valid).sort())
  })
})
