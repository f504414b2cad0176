import { describe, expect, it } from 'vitest'
import {
  retiredScriptsAfterPaintHashSources,
  scriptsAfterPaintHashSource,
} from './scripts-after-paint.ts'
import { contentSecurityPolicy, securityHeaders, toHttpHeaders } from './security-headers.ts'
import { speculationRulesHashSource } from './speculation-rules.ts'

const directives = (csp: string) =>
  Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]))

describe('security headers', () => {
  it('never allows inline or third-party scripts without analytics (the speculation rules and the start after paint alone, by hash)', () => {
    const csp = directives(contentSecurityPolicy({ analytics: false }))
    expect(csp['script-src']).toEqual([
      "'self'",
      speculationRulesHashSource,
      scriptsAfterPaintHashSource,
      ...retiredScriptsAfterPaintHashSources,
    ])
    expect(csp['connect-src']).toEqual(["'self'"])
    expect(csp['frame-ancestors']).toEqual(["'none'"])
    expect(csp['object-src']).toEqual(["'none'"])
    expect(JSON.stringify(csp)).not.toContain('google')
  })

  it("admits Google's analytics hosts only when analytics is configured, still without inline script", () => {
    const csp = directives(contentSecurityPolicy({ analytics: true }))
    expect(csp['script-src']).toEqual([
      "'self'",
      'https://www.googletagmanager.com',
      speculationRulesHashSource,
      scriptsAfterPaintHashSource,
      ...retiredScriptsAfterPaintHashSources,
    ])
    expect(csp['connect-src']).toContain('https://*.google-analytics.com')
    expect(csp['script-src']).not.toContain("'unsafe-inline'")
  })

  it('renders the definition as HTTP headers', () => {
    const headers = toHttpHeaders(securityHeaders({ analytics: false }))
    expect(headers).toMatchObject({
      'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Cross-Origin-Resource-Policy': 'same-origin',
    })
    expect(headers['Content-Security-Policy']).toBe(contentSecurityPolicy({ analytics: false }))
  })
})
