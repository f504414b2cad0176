import { disposableEmailBlocklist } from 'disposable-email-domains-js'
import { describe, expect, it } from 'vitest'
import { disposableDomains } from './disposable-domains.ts'
import { isDisposableAddress } from './verdict.ts'

describe('the disposable-domain list the verdict searches', () => {
  it('is the installed disposable-email-domains-js list, a domain a line (else: npm run disposable-domains)', () => {
    expect(disposableDomains.split('\n').slice(1, -1)).toEqual(disposableEmailBlocklist())
  })

  it('matches whole domains only: not a part of one, nor two lines at once', () => {
    expect(isDisposableAddress('someone@mailinator.com')).toBe(true)
    expect(isDisposableAddress('someone@ailinator.com')).toBe(false)
    expect(isDisposableAddress('someone@mailinator.co')).toBe(false)
    const [first, second] = disposableDomains.split('\n').slice(1, 3)
    expect(isDisposableAddress(`someone@${first}\n${second}`)).toBe(false)
  })
})
