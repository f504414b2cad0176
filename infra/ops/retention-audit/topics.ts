import type { Add } from './finding.ts'
import type { ResourcePool } from './template-pool.ts'

/** SNS: alarm notifications and SES events pass through; nothing is stored. */
export function auditTopics(pool: ResourcePool, add: Add) {
  for (const { key } of pool.ofType('AWS::SNS::Topic')) {
    add(
      'info',
      `SNS topic ${key}`,
      'alarm notifications or SES events in flight: SNS stores no message once delivered',
    )
  }
}
