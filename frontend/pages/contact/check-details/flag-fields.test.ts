import { describe, expect, it } from 'vitest'
import { flaggedFields } from './flag-fields.ts'

describe('the fields named in the address', () => {
  it('are the known ones, in the form order', () => {
    expect(flaggedFields('?fields=message,email')).toEqual(['email', 'message'])
  })

  it('ignore unknown names, blanks and spaces', () => {
    expect(flaggedFields('?fields=%20phone%20,,constructor,__proto__')).toEqual(['phone'])
  })

  it('are none without the parameter', () => {
    expect(flaggedFields('')).toEqual([])
    expect(flaggedFields('?other=email')).toEqual([])
  })
})
