import { auditBackupPlans } from './backups.ts'
import { auditBuckets } from './buckets.ts'
import { auditEmail } from './email.ts'
import type { Finding, Status } from './finding.ts'
import { auditLogGroups } from './logs.ts'
import type { RetentionPolicy } from './policy.ts'
import { auditQueues } from './queues.ts'
import { auditSecrets } from './secrets.ts'
import { auditTables } from './table.ts'
import { resourcePool, type StackTemplate } from './template-pool.ts'
import { auditTopics } from './topics.ts'
import { auditWafLogging, auditWebAcls } from './waf.ts'

/**
 * The retention audit's checks of the infrastructure, as a pure function over CloudFormation
 * templates, one module per kind of resource. Resources are found by their type and properties
 * across every template of the assembly, and followed from one stack to another
 * (`Fn::GetStackOutput`, `Fn::ImportValue`), so the audit does not depend on how the app splits
 * its stacks. The code's own checks are in expiry.ts and settings.ts; audit.ts adds the synthesis.
 */

/** Resource types that store data this audit has no rule for: each must be added to it. */
const unauditedStores = [
  'AWS::Kinesis::Stream',
  'AWS::KinesisFirehose::DeliveryStream',
  'AWS::RDS::DBInstance',
  'AWS::RDS::DBCluster',
  'AWS::EFS::FileSystem',
  'AWS::OpenSearchService::Domain',
  'AWS::Elasticsearch::Domain',
  'AWS::ElastiCache::CacheCluster',
  'AWS::Logs::Destination',
  'AWS::Timestream::Table',
  'AWS::DocDB::DBCluster',
]

/** Every place the templates keep data, with its retention, against the policy. */
export function auditTemplates(
  stacks: readonly StackTemplate[],
  policy: RetentionPolicy,
): Finding[] {
  const findings: Finding[] = []
  const add = (status: Status, place: string, detail: string) =>
    findings.push({ status, place, detail })
  const pool = resourcePool(stacks)
  auditTables(pool, policy, add)
  auditBackupPlans(pool, policy, add)
  auditLogGroups(pool, policy, add)
  auditWafLogging(pool, policy, add)
  auditBuckets(pool, policy, add)
  auditQueues(pool, policy, add)
  // Everything else that sees personal data.
  auditEmail(pool, policy, add)
  auditTopics(pool, add)
  auditSecrets(pool, add)
  auditWebAcls(pool, add)
  for (const { key, type } of pool.ofType(...unauditedStores)) {
    add('fail', `${type} ${key}`, 'a data store the retention policy does not cover')
  }
  return findings
}
