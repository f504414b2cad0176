import { type Add, days } from './finding.ts'
import type { RetentionPolicy } from './policy.ts'
import type { Cfn, ResourcePool } from './template-pool.ts'

/** How long AWS WAF keeps sampled requests (fixed by AWS). */
const WAF_SAMPLE_HOURS = 3

/** WAF logging: the full logs (client IPs) and the log group they go to, with its retention. */
export function auditWafLogging(pool: ResourcePool, policy: RetentionPolicy, add: Add) {
  const groups = pool.ofType('AWS::Logs::LogGroup')
  for (const logging of pool.ofType('AWS::WAFv2::LoggingConfiguration')) {
    // WAF names its destination by ARN, which holds the log group's name.
    const destinations = JSON.stringify(logging.props.LogDestinationConfigs ?? [])
    const group = groups.find((candidate) => {
      const name = candidate.props.LogGroupName
      return typeof name === 'string' && destinations.includes(`log-group:${name}"`)
    })
    const retention = group?.props.RetentionInDays
    // A filter that drops by default keeps only the requests its conditions name (blocked, counted).
    const which =
      logging.props.LoggingFilter?.DefaultBehavior === 'DROP'
        ? 'WAF logs of the requests a rule blocked or counted'
        : 'full WAF logs of every request'
    add(
      group && retention !== undefined && Number(retention) <= policy.logDaysMax ? 'pass' : 'fail',
      `WAF logging ${logging.key}`,
      group
        ? `${which} (client IPs, paths, headers; cookies redacted) go to log group ${group.key}: ${retention === undefined ? 'kept for ever' : days(Number(retention))} (limit ${days(policy.logDaysMax)})`
        : `${which} (client IPs) go to a destination this audit does not check`,
    )
  }
}

/** WAF web ACLs: the sampled requests AWS keeps. */
export function auditWebAcls(pool: ResourcePool, add: Add) {
  for (const { key, props } of pool.ofType('AWS::WAFv2::WebACL')) {
    const sampled = [
      props.VisibilityConfig,
      ...((props.Rules ?? []) as Cfn[]).map((rule) => rule.VisibilityConfig),
    ].some((config) => config?.SampledRequestsEnabled === true)
    add(
      'info',
      `WAF web ACL ${key}`,
      sampled
        ? `AWS WAF keeps sampled requests (client IP, headers, path) for ${WAF_SAMPLE_HOURS} hours; metrics are counts only`
        : 'no sampled requests kept; metrics are counts only',
    )
  }
}
