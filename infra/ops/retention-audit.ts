import { enquiryTable } from '../../shared/enquiry-table.ts'
import type { RetentionPolicy } from './retention-policy.ts'
import { type ResourcePool, resourcePool, type StackTemplate } from './template-pool.ts'

/**
 * The retention audit's checks of the infrastructure, as a pure function over CloudFormation
 * templates. Resources are found by their type and properties across every template of the
 * assembly, and followed from one stack to another (`Fn::GetStackOutput`, `Fn::ImportValue`), so the
 * audit does not depend on how the app splits its stacks. The code's own checks are in
 * retention-code-audit.ts; the CLI (infra/ops/audit-retention.ts) adds the synthesis.
 */

export type Status = 'pass' | 'fail' | 'info'

export interface Finding {
  readonly status: Status
  /** Where the data is (or what was checked). */
  readonly place: string
  /** What it holds and for how long, against the policy. */
  readonly detail: string
}

// biome-ignore lint/suspicious/noExplicitAny: CloudFormation templates are untyped JSON
type Cfn = any

/** DynamoDB's default point-in-time recovery window when a template names none. */
const DEFAULT_PITR_DAYS = 35
/** How long SQS keeps a message when a queue names no retention. */
const DEFAULT_SQS_RETENTION_SECONDS = 4 * 24 * 3600
/** How long AWS WAF keeps sampled requests (fixed by AWS). */
const WAF_SAMPLE_HOURS = 3

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

const days = (count: number) => `${count} day${count === 1 ? '' : 's'}`

/** Every place the templates keep data, with its retention, against the policy. */
export function auditTemplates(
  stacks: readonly StackTemplate[],
  policy: RetentionPolicy,
): Finding[] {
  const findings: Finding[] = []
  const add = (status: Status, place: string, detail: string) =>
    findings.push({ status, place, detail })
  const pool = resourcePool(stacks)
  const { ofType } = pool

  // --- DynamoDB: the enquiries themselves, and their backups ---
  for (const { key, props } of ofType('AWS::DynamoDB::GlobalTable', 'AWS::DynamoDB::Table')) {
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
    if (props.StreamSpecification) {
      add(
        'info',
        `DynamoDB stream of ${key}`,
        `${props.StreamSpecification.StreamViewType}: change records are kept 24 hours`,
      )
    }
  }

  for (const { key, props } of ofType('AWS::Backup::BackupPlan')) {
    const rules = (props.BackupPlan?.BackupPlanRule ?? []) as Cfn[]
    for (const rule of rules) {
      const keep = rule.Lifecycle?.DeleteAfterDays
      add(
        keep !== undefined && Number(keep) <= policy.backupDaysMax ? 'pass' : 'fail',
        `AWS Backup plan ${key}, rule ${rule.RuleName}`,
        keep === undefined
          ? 'recovery points are never deleted'
          : `recovery points deleted after ${days(Number(keep))} (limit ${days(policy.backupDaysMax)})`,
      )
    }
    if (rules.length === 0) {
      add('fail', `AWS Backup plan ${key}`, 'a plan whose rules the audit cannot read')
    }
  }

  auditLogs(pool, policy, add)
  auditBuckets(pool, policy, add)
  auditQueues(pool, policy, add)

  // --- Everything else that sees personal data ---
  for (const { key } of ofType('AWS::SES::EmailIdentity')) {
    add(
      'info',
      `SES identity ${key}`,
      'SES sends each enquiry to the agency inbox and keeps no copy of it. The inbox is outside AWS: the agency deletes enquiry e-mails after ' +
        `${policy.enquiryYears} years and on erasure (docs/operations.md)`,
    )
  }
  for (const { key, props } of ofType('AWS::SES::ConfigurationSetEventDestination')) {
    // SNS keeps no message once delivered, and the delivery-events function stores only the
    // e-mail's status on the enquiry (under its TTL): any other destination (Firehose, logs)
    // would keep recipients and subjects where this audit does not look.
    const toSnsOnly = Object.keys(props.EventDestination ?? {})
      .filter((name) => name.endsWith('Destination'))
      .every((name) => name === 'SnsDestination')
    add(
      toSnsOnly ? 'info' : 'fail',
      `SES event destination ${key}`,
      toSnsOnly
        ? 'sending events (recipient, subject) go to an SNS topic, which stores nothing; their ' +
            'handler records only the e-mail status on the enquiry, deleted with it by TTL'
        : 'sending events (recipients, subjects) go somewhere this audit does not follow',
    )
  }
  for (const { key } of ofType('AWS::SNS::Topic')) {
    add(
      'info',
      `SNS topic ${key}`,
      'alarm notifications or SES events in flight: SNS stores no message once delivered',
    )
  }
  for (const { key, props } of ofType('AWS::WAFv2::WebACL')) {
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
  for (const { key, type } of ofType(...unauditedStores)) {
    add('fail', `${type} ${key}`, 'a data store the retention policy does not cover')
  }
  return findings
}

type Pool = ResourcePool
type Add = (status: Status, place: string, detail: string) => void

/** Function logs, API access logs and WAF logs: each log group's retention. */
function auditLogs(pool: Pool, policy: RetentionPolicy, add: Add) {
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
      ? 'WAF logs (client IP, path, headers; cookies redacted) of every request to the site'
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
  for (const fn of functions) {
    if (fn.props.LoggingConfig?.LogGroup === undefined) {
      add(
        'fail',
        `Function ${fn.key}`,
        `${fn.props.Description ?? 'a function'} logs to its default group /aws/lambda/…, which keeps logs for ever: give it a log group with a retention`,
      )
    }
  }
  for (const logging of pool.ofType('AWS::WAFv2::LoggingConfiguration')) {
    // WAF names its destination by ARN, which holds the log group's name.
    const destinations = JSON.stringify(logging.props.LogDestinationConfigs ?? [])
    const group = groups.find((candidate) => {
      const name = candidate.props.LogGroupName
      return typeof name === 'string' && destinations.includes(`log-group:${name}"`)
    })
    const retention = group?.props.RetentionInDays
    add(
      group && retention !== undefined && Number(retention) <= policy.logDaysMax ? 'pass' : 'fail',
      `WAF logging ${logging.key}`,
      group
        ? `full WAF logs (client IPs, paths, headers; cookies redacted) go to log group ${group.key}: ${retention === undefined ? 'kept for ever' : days(Number(retention))} (limit ${days(policy.logDaysMax)})`
        : 'full WAF logs (client IPs) go to a destination this audit does not check',
    )
  }
}

/** S3: access logs (visitors' IP addresses) and the site; any other bucket is unexplained. */
function auditBuckets(pool: Pool, policy: RetentionPolicy, add: Add) {
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
 * SQS: a queue that is a function's on-failure destination holds the events that function could
 * not process (for delivery events, what SES reported of an enquiry e-mail, its subject
 * included); any other queue is unexplained.
 */
function auditQueues(pool: Pool, policy: RetentionPolicy, add: Add) {
  const configs = pool.ofType('AWS::Lambda::EventInvokeConfig')
  const functions = pool.ofType('AWS::Lambda::Function')
  for (const queue of pool.ofType('AWS::SQS::Queue')) {
    const failing = configs
      .filter((config) =>
        pool.pointsAt(
          config.props.DestinationConfig?.OnFailure?.Destination,
          config.key,
          queue.key,
        ),
      )
      .map((config) => {
        const fn = functions.find((f) =>
          pool.pointsAt(config.props.FunctionName, config.key, f.key),
        )
        return fn?.props.Description ?? config.key
      })
    if (failing.length === 0) {
      add(
        'fail',
        `SQS queue ${queue.key}`,
        'a queue the audit cannot place (no function sends it the events it failed on): state what it holds and its retention',
      )
      continue
    }
    const seconds = Number(queue.props.MessageRetentionPeriod ?? DEFAULT_SQS_RETENTION_SECONDS)
    const kept = Math.ceil(seconds / 86_400)
    add(
      kept <= policy.failedEventDaysMax ? 'pass' : 'fail',
      `SQS queue ${queue.key} (failed events)`,
      `events that failed every try of: ${failing.join('; ')} (SES's reports of enquiry e-mails, subjects with names and companies): deleted after ${days(kept)} (limit ${days(policy.failedEventDaysMax)})`,
    )
  }
}
