import { type Add, days } from './finding.ts'
import type { RetentionPolicy } from './policy.ts'
import type { ResourcePool } from './template-pool.ts'

/**
 * Function logs, API access logs and WAF logs: each log group's retention, and every function that
 * logs to a group of its own (the default one keeps logs for ever).
 */
export function auditLogGroups(pool: ResourcePool, policy: RetentionPolicy, add: Add) {
  const functions = pool.ofType('AWS::Lambda::Function')
  const stages = pool.ofType('AWS::ApiGatewayV2::Stage', 'AWS::ApiGateway::Stage')
  const groups = pool.ofType('AWS::Logs::LogGroup')
  for (const group of groups) {
    const writers = functions
      .filter((fn) => pool.pointsAt(fn.props.LoggingConfig?.LogGroup, fn.key, group.key))
      .map((fn) => {
        const handlesEnquiries = fn.props.Environment?.Variables?.ENQUIRIES_TABLE
        return `${fn.props.Description ?? fn.key}${handlesEnquiries ? ' (handles enquiries: ids and counts, never their content)' : ''}`
      })
    const accessLog = stages.some((stage) =>
      pool.pointsAt(
        stage.props.AccessLogSettings?.DestinationArn ??
          stage.props.AccessLogSetting?.DestinationArn,
        stage.key,
        group.key,
      ),
    )
    const wafLogs = String(group.props.LogGroupName ?? '').startsWith('aws-waf-logs-')
    const holds = wafLogs
      ? 'WAF logs (client IP, path, headers; cookies redacted) of requests to the site'
      : accessLog
        ? "API access logs (request id, time, route id, status, source IP: a CloudFront edge address; a direct call, which matches no route, is logged with the caller's own)"
        : writers.length > 0
          ? `logs of: ${writers.join('; ')}`
          : 'a log group no function or API of these stacks writes to'
    const retention = group.props.RetentionInDays
    add(
      retention !== undefined && Number(retention) <= policy.logDaysMax ? 'pass' : 'fail',
      `Log group ${group.key}`,
      `${holds}: ${retention === undefined ? 'kept for ever (no retention set)' : days(Number(retention))} (limit ${days(policy.logDaysMax)})`,
    )
  }
  const groupKeys = new Set(groups.map((group) => group.key))
  for (const fn of functions) {
    const named = fn.props.LoggingConfig?.LogGroup
    const target = named === undefined ? undefined : pool.target(named, fn.key)
    if (named !== undefined && !(target && groupKeys.has(target))) {
      add(
        'fail',
        `Function ${fn.key}`,
        `${fn.props.Description ?? 'a function'} logs to ${JSON.stringify(named)}, a log group no stack creates: Lambda creates it on first write with no retention, so its logs are kept for ever`,
      )
    }
    if (named === undefined) {
      add(
        'fail',
        `Function ${fn.key}`,
        `${fn.props.Description ?? 'a function'} logs to its default group /aws/lambda/…, which keeps logs for ever: give it a log group with a retention`,
      )
    }
  }
}

/** Subscription filters: a copy of a log group's events streamed elsewhere, beyond its retention. */
export function auditLogSubscriptions(pool: ResourcePool, add: Add) {
  for (const { key, props } of pool.ofType('AWS::Logs::SubscriptionFilter')) {
    add(
      'fail',
      `Log subscription ${key}`,
      `copies the events of log group ${JSON.stringify(props.LogGroupName)} to ${JSON.stringify(props.DestinationArn)}, where the log group's retention does not reach: say what the receiver keeps, and for how long`,
    )
  }
}
