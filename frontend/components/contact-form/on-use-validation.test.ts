import { describe, expect, it } from 'vitest'
import { contactMessages } from '#shared/contact.ts'
import { sampleEnquiry } from '#shared/sample-enquiry.ts'
import { loadValidation } from './on-use-validation.ts'
import { emptyValues } from './rules.ts'

describe("the form's checks, loaded after it is interactive", () => {
  it('loads once and checks fields with the spec messages', async () => {
    const first = loadValidation()
    expect(loadValidation()).toBe(first)
    const { validate, validateField } = await first
    expect(validateField({ ...emptyValues, email: 'nope' }, 'email')).toBe(contactMessages.email)
    expect(validate(sampleEnquiry).ok).toBe(true)
  })
})
