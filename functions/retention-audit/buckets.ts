import { type Add, days } from './finding.ts'
import type { RetentionPolicy } from './policy.ts'
import type { Cfn, ResourcePool } from './template-pool.ts'

/** S3: access logs (visitors' IP addresses) and the site; any other bucket is unexplained. */
export function auditBuckets(pool: ResourcePool, policy: RetentionPolicy, add: Add) {
  const buckets = pool.ofType('AWS::S3::Bucket')
  const logTargets = new Map<string, string[]>()
  const addTarget = (bucket: string | undefined, what: string) => {
    if (bucket) logTargets.set(bucket, [...(logTargets.get(bucket) ?? []), what])
  }
  const origins = new Set<string>()
  for (const distribution of pool.ofType('AWS::CloudFront::Distribution')) {
    const config = distribution.props.DistributionConfig ?? {}
    if (config.Logging) {
      addTarget(
        pool.target(config.Logging.Bucket, distribution.key),
        `CloudFront standard logs of ${distribution.key}`,
      )
    } else {
      add('info', `CloudFront distribution ${distribution.key}`, 'writes no access logs')
    }
    for (const origin of (config.Origins ?? []) as Cfn[]) {
      const bucket = pool.target(origin.DomainName, distribution.key)
      if (bucket) origins.add(bucket)
    }
  }
  for (const bucket of buckets) {
    addTarget(
      pool.target(bucket.props.LoggingConfiguration?.DestinationBucketName, bucket.key),
      `S3 server access logs of ${bucket.key}`,
    )
  }
  for (const bucket of buckets) auditCopiesAndLocks(pool, bucket, policy, add)
  for (const bucket of buckets) {
    const targets = logTargets.get(bucket.key)
    if (targets) {
      const rules = ((bucket.props.LifecycleConfiguration?.Rules ?? []) as Cfn[]).filter(
        (rule) =>
          rule.Status === 'Enabled' &&
          rule.ExpirationInDays !== undefined &&
          !rule.Prefix &&
          !rule.TagFilters &&
          !rule.ObjectSizeGreaterThan,
      )
      const expiry = Math.min(...rules.map((rule) => Number(rule.ExpirationInDays)))
      const versioned = bucket.props.VersioningConfiguration?.Status === 'Enabled'
      const noncurrent = rules.some(
        (rule) =>
          rule.NoncurrentVersionExpiration?.NoncurrentDays !== undefined ||
          rule.NoncurrentVersionExpirationInDays !== undefined,
      )
      const ok =
        Number.isFinite(expiry) && expiry <= policy.accessLogDaysMax && (!versioned || noncurrent)
      add(
        ok ? 'pass' : 'fail',
        `S3 bucket ${bucket.key} (access logs)`,
        `${targets.join(' and ')} (visitors' IP addresses, paths, user agents): ${
          Number.isFinite(expiry)
            ? `expired after ${days(expiry)}`
            : 'no lifecycle rule expires them: kept for ever'
        } (limit ${days(policy.accessLogDaysMax)})${versioned && !noncurrent ? '; versioned, with old versions never expired' : ''}`,
      )
    } else if (origins.has(bucket.key)) {
      add('info', `S3 bucket ${bucket.key} (site)`, 'the prerendered website: no personal data')
    } else {
      add(
        'fail',
        `S3 bucket ${bucket.key}`,
        'a bucket the audit cannot place (neither the site nor a log bucket): state what it holds and its retention',
      )
    }
  }
}

/**
 * What can keep a bucket's objects beyond its lifecycle: replication (a copy in another bucket,
 * which must be one of these stacks' so it is audited too) and an Object Lock default retention
 * (no lifecycle rule can delete a locked object before it ends).
 */
function auditCopiesAndLocks(
  pool: ResourcePool,
  bucket: { key: string; props: Cfn },
  policy: RetentionPolicy,
  add: Add,
) {
  for (const rule of (bucket.props.ReplicationConfiguration?.Rules ?? []) as Cfn[]) {
    if (rule.Status === 'Disabled') continue
    const destination = pool.target(rule.Destination?.Bucket, bucket.key)
    add(
      destination ? 'info' : 'fail',
      `S3 bucket ${bucket.key} (replication)`,
      destination
        ? `objects are copied to ${destination}, audited as its own bucket`
        : `objects are copied to ${JSON.stringify(rule.Destination?.Bucket)}, a bucket outside these stacks whose retention nobody checks`,
    )
  }
  const lock = bucket.props.ObjectLockConfiguration?.Rule?.DefaultRetention
  if (lock) {
    const locked = Number(lock.Days ?? 0) + Number(lock.Years ?? 0) * 365
    add(
      locked <= policy.accessLogDaysMax ? 'info' : 'fail',
      `S3 bucket ${bucket.key} (Object Lock)`,
      `${lock.Mode} retention of ${days(locked)}: no lifecycle rule or erasure can delete an object before that (the longest any bucket may keep visitors' data is ${days(policy.accessLogDaysMax)})`,
    )
  }
}

/** S3 Express One Zone directory buckets: nothing of this product belongs in one. */
export function auditDirectoryBuckets(pool: ResourcePool, add: Add) {
  for (const { key, props } of pool.ofType('AWS::S3Express::DirectoryBucket')) {
    const rules = ((props.LifecycleConfiguration?.Rules ?? []) as Cfn[]).filter(
      (rule) => rule.Status === 'Enabled' && rule.ExpirationInDays !== undefined,
    )
    const expiry = Math.min(...rules.map((rule) => Number(rule.ExpirationInDays)))
    add(
      'fail',
      `S3 directory bucket ${key}`,
      `a bucket the audit cannot place (${Number.isFinite(expiry) ? `objects expired after ${days(expiry)}` : 'no lifecycle rule: objects kept for ever'}): state what it holds and its retention`,
    )
  }
}
