import { describe, expect, it } from 'vitest'
import { contactMessages } from '../../../shared/contact.ts'
import { sampleEnquiry } from '../../../shared/sample-enquiry.ts'
import { emptyValues } from './form-state.ts'
import { loadValidation } from './load-validation.ts'

describe("the form's checks, loaded after it is interactive", () => {
  it('loads once and checks fields with the spec messages', async () => {
    const first = loadValidation()
    expect(loadValidation()).toBe(first)
    const { validate, validateField } = await first
    expect(validateField({ ...emptyValues, email: 'nope' }, 'email')).toBe(contactMessages.email)
    expect(validate(sampleEnquiry).ok).toBe(true)
  })
})
