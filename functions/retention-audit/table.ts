import { enquiryTable } from '#shared/enquiry-table.ts'
import { type Add, days } from './finding.ts'
import type { RetentionPolicy } from './policy.ts'
import type { Cfn, ResourcePool } from './template-pool.ts'

/** How long DynamoDB Streams keeps a change record (fixed). */
const STREAM_RETENTION_HOURS = 24

/** DynamoDB's default point-in-time recovery window when a template names none. */
const DEFAULT_PITR_DAYS = 35

/**
 * DynamoDB: the enquiries themselves (their TTL), their continuous backups, the indexes that copy
 * them and any stream of their changes.
 */
export function auditTables(pool: ResourcePool, policy: RetentionPolicy, add: Add) {
  for (const { key, props, region } of pool.ofType(
    'AWS::DynamoDB::GlobalTable',
    'AWS::DynamoDB::Table',
  )) {
    const ttl = props.TimeToLiveSpecification
    if (ttl?.Enabled === true && ttl.AttributeName === enquiryTable.ttlAttribute) {
      add(
        'pass',
        `DynamoDB table ${key} (enquiries)`,
        `TTL enabled on "${ttl.AttributeName}": each item is deleted once its ${ttl.AttributeName} ` +
          `(epoch seconds) has passed; DynamoDB removes expired items within days, and every ` +
          `reader (retry function, digest, DSAR export) skips them meanwhile`,
      )
    } else {
      add(
        'fail',
        `DynamoDB table ${key} (enquiries)`,
        ttl
          ? `TTL is ${ttl.Enabled ? 'on' : 'off'} on "${ttl.AttributeName}"; the code stamps "${enquiryTable.ttlAttribute}": items would never expire`
          : `no TTL: items would be kept for ever (the code stamps "${enquiryTable.ttlAttribute}")`,
      )
    }
    const recovery = [
      props.PointInTimeRecoverySpecification,
      ...((props.Replicas ?? []) as Cfn[]).map(
        (replica) => replica.PointInTimeRecoverySpecification,
      ),
    ].filter(Boolean)
    const enabled = recovery.filter((spec: Cfn) => spec.PointInTimeRecoveryEnabled === true)
    if (enabled.length === 0) {
      add(
        'pass',
        `Point-in-time recovery of ${key}`,
        'off: no continuous backup holds deleted enquiries (but nothing can be restored either)',
      )
    }
    for (const spec of enabled) {
      const window = Number(spec.RecoveryPeriodInDays ?? DEFAULT_PITR_DAYS)
      add(
        window <= policy.backupDaysMax ? 'pass' : 'fail',
        `Point-in-time recovery of ${key}`,
        `${days(window)} (limit ${days(policy.backupDaysMax)}): an enquiry deleted by TTL or ` +
          'an erasure request stays restorable this long, then is gone from backups too',
      )
    }
    // Which index copies what: a KEYS_ONLY index holds ids, keys and dates, never an enquiry.
    for (const index of (props.GlobalSecondaryIndexes ?? []) as Cfn[]) {
      const projection = index.Projection?.ProjectionType ?? 'KEYS_ONLY'
      const keys = ((index.KeySchema ?? []) as Cfn[]).map((k) => k.AttributeName).join(', ')
      add(
        'info',
        `Index ${index.IndexName} of ${key}`,
        projection === 'KEYS_ONLY'
          ? `keys only (${keys} and the table's key): no personal data beyond what its key names`
          : `${projection}: a copy of ${projection === 'ALL' ? 'every attribute of each enquiry' : `attributes ${(index.Projection?.NonKeyAttributes ?? []).join(', ')}`}, updated and deleted with the item (TTL and erasure included)`,
      )
    }
    // A stream's change records (new and old images: whole enquiries) are kept exactly 24 hours
    // by DynamoDB, a retention nobody can lengthen; what reads them is audited on its own.
    if (props.StreamSpecification) {
      add(
        'pass',
        `DynamoDB stream of ${key}`,
        `${props.StreamSpecification.StreamViewType ?? 'change records'}: each change record is kept ${STREAM_RETENTION_HOURS} hours (fixed by DynamoDB), then deleted`,
      )
    }
    const replicas = (props.Replicas ?? []) as Cfn[]
    for (const stream of [
      props.KinesisStreamSpecification,
      ...replicas.map((replica) => replica.KinesisStreamSpecification),
    ].filter(Boolean)) {
      add(
        'fail',
        `Kinesis streaming of ${key}`,
        `every change of every enquiry is copied to the Kinesis stream ${JSON.stringify(stream.StreamArn)}, kept there by that stream's retention, beyond TTL and erasure`,
      )
    }
    // The replica in the stack's own region (or written as AWS::Region) is the table; every
    // other is a copy of every enquiry elsewhere, outside the region the privacy notice names.
    const home = (replica: Cfn) =>
      replica.Region?.Ref === 'AWS::Region' || (region !== undefined && replica.Region === region)
    const elsewhere = replicas.some(home) ? replicas.filter((r) => !home(r)) : replicas.slice(0, -1)
    for (const replica of elsewhere) {
      add(
        'fail',
        `Replica of ${key} in ${JSON.stringify(replica.Region)}`,
        'every enquiry is copied to another region: outside the stage’s region, which the policy and the privacy notice name',
      )
    }
  }
}
