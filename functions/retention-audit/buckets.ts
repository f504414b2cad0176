import { type Add, days } from './finding.ts'
import type { RetentionPolicy } from './policy.ts'
import type { Cfn, ResourcePool } from './template-pool.ts'

/** The one variable naming the evidence bucket to the function that writes the monthly reports. */
export const evidenceBucketEnv = 'EVIDENCE_BUCKET'

/** What a bucket of the stacks is for, as found from what writes to or reads from it. */
export type BucketRole =
  | { readonly role: 'access-logs'; readonly writers: readonly string[] }
  | { readonly role: 'site' }
  | { readonly role: 'evidence'; readonly writers: readonly string[] }

/**
 * Each bucket's role: where CloudFront and S3 write access logs, what a distribution serves, and
 * where a function writes the retention evidence (its `EVIDENCE_BUCKET`). Any other bucket has
 * none, and fails the audit.
 */
export function bucketRoles(pool: ResourcePool): Map<string, BucketRole> {
  const roles = new Map<string, BucketRole>()
  const logWriter = (bucket: string | undefined, what: string) => {
    if (!bucket) return
    const role = roles.get(bucket)
    roles.set(bucket, {
      role: 'access-logs',
      writers: [...(role?.role === 'access-logs' ? role.writers : []), what],
    })
  }
  for (const distribution of pool.ofType('AWS::CloudFront::Distribution')) {
    const logging = distribution.props.DistributionConfig?.Logging
    if (logging) {
      logWriter(
        pool.target(logging.Bucket, distribution.key),
        `CloudFront standard logs of ${distribution.key}`,
      )
    }
  }
  const buckets = pool.ofType('AWS::S3::Bucket')
  for (const bucket of buckets) {
    logWriter(
      pool.target(bucket.props.LoggingConfiguration?.DestinationBucketName, bucket.key),
      `S3 server access logs of ${bucket.key}`,
    )
  }
  for (const fn of pool.ofType('AWS::Lambda::Function')) {
    const bucket = pool.target(fn.props.Environment?.Variables?.[evidenceBucketEnv], fn.key)
    if (bucket && !roles.has(bucket)) {
      roles.set(bucket, { role: 'evidence', writers: [fn.props.Description ?? fn.key] })
    }
  }
  for (const distribution of pool.ofType('AWS::CloudFront::Distribution')) {
    for (const origin of (distribution.props.DistributionConfig?.Origins ?? []) as Cfn[]) {
      const bucket = pool.target(origin.DomainName, distribution.key)
      if (bucket && !roles.has(bucket)) roles.set(bucket, { role: 'site' })
    }
  }
  return roles
}

/** S3: access logs (visitors' IP addresses), the site and the retention evidence; any other bucket is unexplained. */
export function auditBuckets(pool: ResourcePool, policy: RetentionPolicy, add: Add) {
  const buckets = pool.ofType('AWS::S3::Bucket')
  const roles = bucketRoles(pool)
  for (const distribution of pool.ofType('AWS::CloudFront::Distribution')) {
    if (!distribution.props.DistributionConfig?.Logging) {
      add('info', `CloudFront distribution ${distribution.key}`, 'writes no access logs')
    }
  }
  for (const bucket of buckets)
    auditCopiesAndLocks(pool, bucket, roles.get(bucket.key), policy, add)
  for (const bucket of buckets) {
    const role = roles.get(bucket.key)
    if (role?.role === 'access-logs') {
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
      add(...accessLogFinding(bucket.key, role.writers, { expiry, versioned, noncurrent }, policy))
    } else if (role?.role === 'site') {
      add('info', `S3 bucket ${bucket.key} (site)`, 'the prerendered website: no personal data')
    } else if (role?.role === 'evidence') {
      add(
        'info',
        `S3 bucket ${bucket.key} (retention evidence)`,
        `the monthly retention reports written by ${role.writers.join('; ')}: dates, counts and resource names, no personal data`,
      )
    } else {
      add(
        'fail',
        `S3 bucket ${bucket.key}`,
        'a bucket the audit cannot place (neither the site, a log bucket nor the retention evidence): state what it holds and its retention',
      )
    }
  }
}

/** An access-log bucket's lifecycle against the policy: the same line from a template or the account. */
export function accessLogFinding(
  place: string,
  writers: readonly string[],
  lifecycle: { readonly expiry: number; readonly versioned: boolean; readonly noncurrent: boolean },
  policy: RetentionPolicy,
): Parameters<Add> {
  const { expiry, versioned, noncurrent } = lifecycle
  const ok =
    Number.isFinite(expiry) && expiry <= policy.accessLogDaysMax && (!versioned || noncurrent)
  return [
    ok ? 'pass' : 'fail',
    `S3 bucket ${place} (access logs)`,
    `${writers.join(' and ')} (visitors' IP addresses, paths, user agents): ${
      Number.isFinite(expiry)
        ? `expired after ${days(expiry)}`
        : 'no lifecycle rule expires them: kept for ever'
    } (limit ${days(policy.accessLogDaysMax)})${versioned && !noncurrent ? '; versioned, with old versions never expired' : ''}`,
  ]
}

/**
 * What can keep a bucket's objects beyond its lifecycle: replication (a copy in another bucket,
 * which must be one of these stacks' so it is audited too) and an Object Lock default retention
 * (no lifecycle rule can delete a locked object before it ends).
 */
function auditCopiesAndLocks(
  pool: ResourcePool,
  bucket: { key: string; props: Cfn },
  role: BucketRole | undefined,
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
  if (lock && role?.role === 'evidence') {
    // Evidence is kept unchanged for its lock: that is its point, and it holds no personal data.
    add(
      lock.Mode === 'COMPLIANCE' ? 'pass' : 'fail',
      `S3 bucket ${bucket.key} (Object Lock)`,
      `${lock.Mode} retention of ${lock.Years ? `${lock.Years} years` : days(Number(lock.Days ?? 0))}: ${lock.Mode === 'COMPLIANCE' ? 'no one, the account root included, can change or delete a report before then' : 'governance mode lets a privileged user delete a report early: evidence needs compliance mode'}`,
    )
  } else if (role?.role === 'evidence') {
    add(
      'fail',
      `S3 bucket ${bucket.key} (Object Lock)`,
      'no Object Lock: a report could be changed or deleted after it was written, so it proves nothing',
    )
  } else if (lock) {
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
