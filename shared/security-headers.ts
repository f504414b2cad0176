import {
  retiredScriptsAfterPaintHashSources,
  scriptsAfterPaintHashSource,
} from './scripts-after-paint.ts'
import { speculationRulesHashSource } from './speculation-rules.ts'

/**
 * The response headers every page and asset carries, defined once: the local server sends
 * `toHttpHeaders(...)` and the CDK stack builds CloudFront's response headers policy from the
 * same object, so the two cannot drift.
 */

/** Google's tag and collection hosts; allowed only when a measurement id is configured. */
const analyticsHosts = {
  script: ['https://www.googletagmanager.com'],
  connect: [
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://*.googletagmanager.com',
  ],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
}

export interface SecurityHeaderOptions {
  /** Whether Google Analytics may load (after consent); widens the CSP to Google's hosts. */
  readonly analytics: boolean
}

export function contentSecurityPolicy({ analytics }: SecurityHeaderOptions): string {
  const extra = (hosts: string[]) => (analytics ? hosts : [])
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // The hashes admit the pages' two inline scripts only: the speculation rules
    // (shared/speculation-rules.ts) and the start of their module after the first paint
    // (shared/scripts-after-paint.ts).
    'script-src': [
      "'self'",
      ...extra(analyticsHosts.script),
      speculationRulesHashSource,
      scriptsAfterPaintHashSource,
      ...retiredScriptsAfterPaintHashSources,
    ],
    // Chakra (Emotion) writes its styles into the prerendered HTML as <style> elements.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', ...extra(analyticsHosts.img)],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...extra(analyticsHosts.connect)],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'manifest-src': ["'self'"],
  }
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ')
}

export function securityHeaders(options: SecurityHeaderOptions) {
  return {
    contentSecurityPolicy: contentSecurityPolicy(options),
    strictTransportSecurity: { maxAgeSeconds: 63_072_000, includeSubDomains: true, preload: true },
    contentTypeOptions: 'nosniff',
    frameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    /** Headers CloudFront has no dedicated setting for. */
    custom: {
      'Cross-Origin-Resource-Policy': 'same-origin',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    },
  } as const
}

export type SecurityHeaders = ReturnType<typeof securityHeaders>

/** The definition as plain HTTP header name → value pairs. */
export function toHttpHeaders(headers: SecurityHeaders): Record<string, string> {
  const hsts = headers.strictTransportSecurity
  return {
    'Content-Security-Policy': headers.contentSecurityPolicy,
    'Strict-Transport-Security': [
      `max-age=${hsts.maxAgeSeconds}`,
      ...(hsts.includeSubDomains ? ['includeSubDomains'] : []),
      ...(hsts.preload ? ['preload'] : []),
    ].join('; '),
    'X-Content-Type-Options': headers.contentTypeOptions,
    'X-Frame-Options': headers.frameOptions,
    'Referrer-Policy': headers.referrerPolicy,
    ...headers.custom,
  }
}
