import { type Add, days } from './finding.ts'
import type { RetentionPolicy } from './policy.ts'
import type { Cfn, ResourcePool } from './template-pool.ts'

/** Subscription protocols whose messages land in a resource this audit reads, or the ops inbox. */
const followedProtocols: Readonly<Record<string, string>> = {
  lambda: 'a function (its logs are audited)',
  sqs: 'a queue (audited)',
  email: "an inbox outside AWS (alarm notifications: ops' own mail)",
  'email-json': "an inbox outside AWS (alarm notifications: ops' own mail)",
}

/**
 * SNS: alarm notifications and SES events pass through. A topic stores nothing once delivered,
 * unless it archives messages (FIFO topics: `ArchivePolicy`), logs each delivery
 * (`DeliveryStatusLogging`, to log groups no stack sets a retention on) or delivers them somewhere
 * this audit does not follow (an HTTP endpoint, Firehose, SMS).
 */
export function auditTopics(pool: ResourcePool, policy: RetentionPolicy, add: Add) {
  for (const { key, props } of pool.ofType('AWS::SNS::Topic')) {
    const archived = props.ArchivePolicy?.MessageRetentionPeriod
    const logged = ((props.DeliveryStatusLogging ?? []) as Cfn[]).map((config) => config.Protocol)
    if (archived !== undefined) {
      const kept = Number(archived)
      add(
        kept <= policy.failedEventDaysMax ? 'pass' : 'fail',
        `SNS topic ${key} (archive)`,
        `archives every message (alarm notifications, SES events with recipients and subjects) for ${days(kept)}, replayable (limit ${days(policy.failedEventDaysMax)}, as events kept for ops)`,
      )
    }
    if (logged.length > 0) {
      add(
        'fail',
        `SNS topic ${key} (delivery status logs)`,
        `logs each ${logged.join(', ')} delivery to CloudWatch log groups SNS creates (sns/…), which no stack gives a retention: kept for ever`,
      )
    }
    if (archived === undefined && logged.length === 0) {
      add(
        'info',
        `SNS topic ${key}`,
        'alarm notifications or SES events in flight: no archive, no delivery logs, so SNS stores no message once delivered',
      )
    }
  }
  for (const { key, props } of pool.ofType('AWS::SNS::Subscription')) {
    const protocol = String(props.Protocol)
    const where = followedProtocols[protocol]
    add(
      where ? 'info' : 'fail',
      `SNS subscription ${key}`,
      where
        ? `delivers to ${where}`
        : `delivers every message (${protocol}) where this audit does not follow: say what the receiver keeps, and for how long`,
    )
  }
}

/** EventBridge archives: every matching event kept, and replayable, for their retention. */
export function auditEventArchives(pool: ResourcePool, policy: RetentionPolicy, add: Add) {
  for (const { key, props } of pool.ofType('AWS::Events::Archive')) {
    const kept = Number(props.RetentionDays ?? 0)
    add(
      kept > 0 && kept <= policy.failedEventDaysMax ? 'pass' : 'fail',
      `EventBridge archive ${key}`,
      `keeps the events it matches ${kept > 0 ? `for ${days(kept)}` : 'for ever (no retention)'} (limit ${days(policy.failedEventDaysMax)}, as events kept for ops)`,
    )
  }
}
