import { auditBackupPlans, auditBackupVaults } from './backups.ts'
import { auditBuckets, auditDirectoryBuckets } from './buckets.ts'
import { auditEventDestinations } from './destinations.ts'
import { auditEmail } from './email.ts'
import type { Finding, Status } from './finding.ts'
import { auditLogGroups, auditLogSubscriptions } from './logs.ts'
import type { RetentionPolicy } from './policy.ts'
import { auditQueues } from './queues.ts'
import { auditSecrets } from './secrets.ts'
import { auditTables } from './table.ts'
import { resourcePool, type StackTemplate } from './template-pool.ts'
import { auditEventArchives, auditTopics } from './topics.ts'
import { auditCustomResources, auditUnexplained } from './unexplained.ts'
import { auditWafLogging, auditWebAcls } from './waf.ts'

/**
 * The retention audit's checks of the infrastructure, as a pure function over CloudFormation
 * templates, one module per kind of resource. Resources are found by their type and properties
 * across every template of the assembly, and followed from one stack to another
 * (`Fn::GetStackOutput`, `Fn::ImportValue`), so the audit does not depend on how the app splits
 * its stacks. It denies by default: a resource of a type no rule reads, and not known to hold
 * nothing (unexplained.ts), is a FAIL. The code's own checks are in expiry.ts and settings.ts;
 * audit.ts adds the synthesis.
 */

/** Resource types that store data this audit has no retention rule for: each must get one. */
const unauditedStores = [
  'AWS::Kinesis::Stream',
  'AWS::KinesisFirehose::DeliveryStream',
  'AWS::RDS::DBInstance',
  'AWS::RDS::DBCluster',
  'AWS::EFS::FileSystem',
  'AWS::OpenSearchService::Domain',
  'AWS::Elasticsearch::Domain',
  'AWS::ElastiCache::CacheCluster',
  'AWS::ElastiCache::ReplicationGroup',
  'AWS::ElastiCache::ServerlessCache',
  'AWS::MemoryDB::Cluster',
  'AWS::Logs::Destination',
  'AWS::Timestream::Table',
  'AWS::DocDB::DBCluster',
  'AWS::SES::MailManagerArchive',
  'AWS::CloudTrail::EventDataStore',
]

/** The resource types the rules below read (each module's own). */
const ruledTypes = new Set([
  'AWS::DynamoDB::GlobalTable',
  'AWS::DynamoDB::Table',
  'AWS::Backup::BackupPlan',
  'AWS::Backup::BackupVault',
  'AWS::Logs::LogGroup',
  'AWS::Logs::SubscriptionFilter',
  'AWS::Lambda::Function',
  'AWS::Lambda::EventInvokeConfig',
  'AWS::Lambda::EventSourceMapping',
  'AWS::Events::Rule',
  'AWS::Scheduler::Schedule',
  'AWS::WAFv2::LoggingConfiguration',
  'AWS::WAFv2::WebACL',
  'AWS::CloudFront::Distribution',
  'AWS::S3::Bucket',
  'AWS::S3Express::DirectoryBucket',
  'AWS::SQS::Queue',
  'AWS::SES::EmailIdentity',
  'AWS::SES::ConfigurationSet',
  'AWS::SES::ConfigurationSetEventDestination',
  'AWS::SES::ReceiptRuleSet',
  'AWS::SES::ReceiptRule',
  'AWS::SNS::Topic',
  'AWS::SNS::Subscription',
  'AWS::Events::Archive',
  'AWS::SecretsManager::Secret',
  'Custom::AWS',
  ...unauditedStores,
])

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
  auditBackupVaults(pool, policy, add)
  auditLogGroups(pool, policy, add)
  auditLogSubscriptions(pool, add)
  auditWafLogging(pool, policy, add)
  auditBuckets(pool, policy, add)
  auditDirectoryBuckets(pool, add)
  auditQueues(pool, policy, add)
  auditEventDestinations(pool, add)
  // Everything else that sees personal data.
  auditEmail(pool, policy, add)
  auditTopics(pool, policy, add)
  auditEventArchives(pool, policy, add)
  auditSecrets(pool, add)
  auditWebAcls(pool, add)
  auditCustomResources(pool, add)
  for (const { key, type } of pool.ofType(...unauditedStores)) {
    add('fail', `${type} ${key}`, 'a data store the retention policy does not cover')
  }
  auditUnexplained(pool, ruledTypes, add)
  return findings
}
