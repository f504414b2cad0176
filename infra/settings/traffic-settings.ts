import { z } from 'zod'
import {
  WAF_DEFAULT_RATE_LIMIT,
  WAF_RATE_LIMIT_MAX,
  WAF_RATE_LIMIT_MIN,
} from '../constructs/web-acl.ts'
import { lowerCased, optionalCount, type Parsed } from './values.ts'

/** How much traffic the contact API takes: API Gateway's throttle and a WAF rate limit. */
export interface TrafficSettings {
  readonly apiRateLimit?: number
  readonly apiBurstLimit?: number
  readonly waf?: boolean
  readonly wafRateLimit?: number
}

export const trafficSettingsShape = {
  apiRateLimit: optionalCount('apiRateLimit'),
  apiBurstLimit: optionalCount('apiBurstLimit'),
  waf: z.preprocess(
    lowerCased,
    z.enum(['true', 'false'], { error: 'waf must be true or false' }).optional(),
  ),
  wafRateLimit: optionalCount('wafRateLimit').pipe(
    z
      .number()
      .min(
        WAF_RATE_LIMIT_MIN,
        `wafRateLimit must be at least ${WAF_RATE_LIMIT_MIN} (AWS WAF's minimum)`,
      )
      .max(WAF_RATE_LIMIT_MAX, `wafRateLimit must be at most ${WAF_RATE_LIMIT_MAX}`)
      .optional(),
  ),
}

type TrafficValues = Parsed<typeof trafficSettingsShape>

export function trafficProblems(s: TrafficValues): string[] {
  const problems: string[] = []
  if (Boolean(s.apiRateLimit) !== Boolean(s.apiBurstLimit)) {
    problems.push('apiRateLimit and apiBurstLimit go together')
  }
  if (s.wafRateLimit !== undefined && s.waf !== 'true') problems.push('wafRateLimit needs waf=true')
  return problems
}

export interface TrafficConfig {
  readonly apiThrottle?: { readonly rateLimit: number; readonly burstLimit: number }
  /** A WAF web ACL on the distribution, rate-limiting `/api/*` per client IP. */
  readonly waf?: { readonly rateLimit: number }
}

export function trafficConfig(s: TrafficValues): TrafficConfig {
  return {
    ...(s.apiRateLimit &&
      s.apiBurstLimit && {
        apiThrottle: { rateLimit: s.apiRateLimit, burstLimit: s.apiBurstLimit },
      }),
    ...(s.waf === 'true' && { waf: { rateLimit: s.wafRateLimit ?? WAF_DEFAULT_RATE_LIMIT } }),
  }
}
