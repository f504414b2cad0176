import { readFileSync } from 'node:fs'
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb'
import { buildEnquiry } from '../../functions/enquiries/item.ts'
import { createEnquiryStore } from '../../functions/enquiries/store.ts'
import { RETENTION_YEARS } from '../../shared/contact.ts'
import { enquiryTable } from '../../shared/enquiry-table.ts'
import type { RetentionPolicy } from './retention-policy.ts'

/**
 * The retention audit's checks, as pure functions over CloudFormation templates and the code
 * that stamps `expiresAt`. The CLI (infra/ops/audit-retention.ts) adds the synthesis and the
 * live check through the local stack.
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

export interface StackTemplate {
  readonly stackName: string
  readonly template: {
    readonly Resources?: Record<string, Cfn>
    readonly Outputs?: Record<string, Cfn>
  }
}

/** DynamoDB's default point-in-time recovery window when a template names none. */
const DEFAULT_PITR_DAYS = 35
/** How long AWS WAF keeps sampled requests (fixed by AWS). */
const WAF_SAMPLE_HOURS = 3

/** Resource types that store data this audit has no rule for: each must be added to it. */
const unauditedStores = [
  'AWS::SQS::Queue',
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

/** The logical id a `Ref` or `Fn::GetAtt` points at. */
function referenced(value: Cfn): string | undefined {
  if (value && typeof value === 'object') {
    if (typeof value.Ref === 'string') return value.Ref
    const getAtt = value['Fn::GetAtt']
    if (Array.isArray(getAtt) && typeof getAtt[0] === 'string') return getAtt[0]
  }
  return undefined
}

const days = (count: number) => `${count} day${count === 1 ? '' : 's'}`

/**
 * Where a value points, as `stack/logicalId`, across the stacks of a stage: a `Ref` or
 * `Fn::GetAtt` in its own stack, an `Fn::GetStackOutput` of another stack's output (the site
 * stack reads the data stack's buckets so), or a bucket's name joined into a domain name.
 */
function locator(stacks: readonly StackTemplate[]) {
  const outputs = new Map<string, string>()
  for (const { stackName, template } of stacks) {
    for (const [name, output] of Object.entries(template.Outputs ?? {})) {
      const id = referenced(output.Value)
      if (id) outputs.set(`${stackName}:${name}`, `${stackName}/${id}`)
    }
  }
  const locate = (stackName: string, value: Cfn): string | undefined => {
    const id = referenced(value)
    if (id) return `${stackName}/${id}`
    const output = value?.['Fn::GetStackOutput']
    if (output) return outputs.get(`${output.StackName}:${output.OutputName}`)
    const joined = value?.['Fn::Join']?.[1]
    return Array.isArray(joined) ? locate(stackName, joined[0]) : undefined
  }
  return locate
}

/** Every place the templates keep data, with its retention, against the policy. */
export function auditTemplates(
  stacks: readonly StackTemplate[],
  policy: RetentionPolicy,
): Finding[] {
  const findings: Finding[] = []
  const add = (status: Status, place: string, detail: string) =>
    findings.push({ status, place, detail })

  // Which buckets are CloudFront's origins and which receive access logs, across the stacks
  // (a stage keeps its buckets in its data stack, the distribution in its site stack).
  const locate = locator(stacks)
  const logTargets = new Map<string, string[]>()
  const addTarget = (bucket: string | undefined, what: string) => {
    if (!bucket) return
    logTargets.set(bucket, [...(logTargets.get(bucket) ?? []), what])
  }
  const origins = new Set<string>()
  const distributionsWithoutLogs: string[] = []
  for (const { stackName, template } of stacks) {
    for (const [id, resource] of Object.entries(template.Resources ?? {}) as [string, Cfn][]) {
      if (resource.Type === 'AWS::CloudFront::Distribution') {
        const config = resource.Properties?.DistributionConfig ?? {}
        if (config.Logging) {
          addTarget(locate(stackName, config.Logging.Bucket), `CloudFront standard logs of ${id}`)
        } else {
          distributionsWithoutLogs.push(`${stackName}/${id}`)
        }
        for (const origin of (config.Origins ?? []) as Cfn[]) {
          const bucket = locate(stackName, origin.DomainName)
          if (bucket) origins.add(bucket)
        }
      } else if (resource.Type === 'AWS::S3::Bucket') {
        addTarget(
          locate(stackName, resource.Properties?.LoggingConfiguration?.DestinationBucketName),
          `S3 server access logs of ${id}`,
        )
      }
    }
  }
  for (const place of distributionsWithoutLogs) {
    add('info', `CloudFront distribution ${place}`, 'writes no access logs')
  }

  for (const { stackName, template } of stacks) {
    const resources = Object.entries(template.Resources ?? {}) as [string, Cfn][]
    const ofType = (...types: string[]) =>
      resources.filter(([, resource]) => types.includes(resource.Type))
    const at = (id: string) => `${stackName}/${id}`

    // --- DynamoDB: the enquiries themselves, and their backups ---
    for (const [id, table] of ofType('AWS::DynamoDB::GlobalTable', 'AWS::DynamoDB::Table')) {
      const props = table.Properties ?? {}
      const ttl = props.TimeToLiveSpecification
      if (ttl?.Enabled === true && ttl.AttributeName === enquiryTable.ttlAttribute) {
        add(
          'pass',
          `DynamoDB table ${at(id)} (enquiries)`,
          `TTL enabled on "${ttl.AttributeName}": each item is deleted once its ${ttl.AttributeName} ` +
            `(epoch seconds) has passed; DynamoDB removes expired items within days, and every ` +
            `reader (retry function, DSAR export) skips them meanwhile`,
        )
      } else {
        add(
          'fail',
          `DynamoDB table ${at(id)} (enquiries)`,
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
          `Point-in-time recovery of ${at(id)}`,
          'off: no continuous backup holds deleted enquiries (but nothing can be restored either)',
        )
      }
      for (const spec of enabled) {
        const window = Number(spec.RecoveryPeriodInDays ?? DEFAULT_PITR_DAYS)
        add(
          window <= policy.backupDaysMax ? 'pass' : 'fail',
          `Point-in-time recovery of ${at(id)}`,
          `${days(window)} (limit ${days(policy.backupDaysMax)}): an enquiry deleted by TTL or ` +
            'an erasure request stays restorable this long, then is gone from backups too',
        )
      }
      // Which index copies what: a KEYS_ONLY index holds ids, keys and dates, never an enquiry.
      for (const index of (props.GlobalSecondaryIndexes ?? []) as Cfn[]) {
        const projection = index.Projection?.ProjectionType ?? 'KEYS_ONLY'
        const keys = ((index.KeySchema ?? []) as Cfn[]).map((key) => key.AttributeName).join(', ')
        add(
          'info',
          `Index ${index.IndexName} of ${at(id)}`,
          projection === 'KEYS_ONLY'
            ? `keys only (${keys} and the table's key): no personal data beyond what its key names`
            : `${projection}: a copy of ${projection === 'ALL' ? 'every attribute of each enquiry' : `attributes ${(index.Projection?.NonKeyAttributes ?? []).join(', ')}`}, updated and deleted with the item (TTL and erasure included)`,
        )
      }
      if (props.StreamSpecification) {
        add(
          'info',
          `DynamoDB stream of ${at(id)}`,
          `${props.StreamSpecification.StreamViewType}: change records are kept 24 hours`,
        )
      }
    }

    for (const [id, plan] of ofType('AWS::Backup::BackupPlan')) {
      for (const rule of (plan.Properties?.BackupPlan?.BackupPlanRule ?? []) as Cfn[]) {
        const keep = rule.Lifecycle?.DeleteAfterDays
        add(
          keep !== undefined && Number(keep) <= policy.backupDaysMax ? 'pass' : 'fail',
          `AWS Backup plan ${at(id)}, rule ${rule.RuleName}`,
          keep === undefined
            ? 'recovery points are never deleted'
            : `recovery points deleted after ${days(Number(keep))} (limit ${days(policy.backupDaysMax)})`,
        )
      }
    }

    // --- Logs: functions and API access logs ---
    const functions = ofType('AWS::Lambda::Function')
    const stages = ofType('AWS::ApiGatewayV2::Stage', 'AWS::ApiGateway::Stage')
    for (const [id, group] of ofType('AWS::Logs::LogGroup')) {
      const writers = functions
        .filter(([, fn]) => referenced(fn.Properties?.LoggingConfig?.LogGroup) === id)
        .map(([fnId, fn]) => {
          const handlesEnquiries = fn.Properties?.Environment?.Variables?.ENQUIRIES_TABLE
          return `${fn.Properties?.Description ?? fnId}${handlesEnquiries ? ' (handles enquiries: ids and counts, never their content)' : ''}`
        })
      const accessLog = stages.some(
        ([, stage]) =>
          referenced(
            stage.Properties?.AccessLogSettings?.DestinationArn ??
              stage.Properties?.AccessLogSetting?.DestinationArn,
          ) === id,
      )
      const wafLogs = String(group.Properties?.LogGroupName ?? '').startsWith('aws-waf-logs-')
      const holds = wafLogs
        ? 'WAF logs (client IP, path, headers; cookies redacted) of every request to the site'
        : accessLog
          ? "API access logs (request id, time, route id, status, source IP: a CloudFront edge address; a direct call, which matches no route, is logged with the caller's own)"
          : writers.length > 0
            ? `logs of: ${writers.join('; ')}`
            : 'a log group no function or API of these stacks writes to'
      const retention = group.Properties?.RetentionInDays
      add(
        retention !== undefined && Number(retention) <= policy.logDaysMax ? 'pass' : 'fail',
        `Log group ${at(id)}`,
        `${holds}: ${retention === undefined ? 'kept for ever (no retention set)' : days(Number(retention))} (limit ${days(policy.logDaysMax)})`,
      )
    }
    for (const [id, fn] of functions) {
      if (fn.Properties?.LoggingConfig?.LogGroup === undefined) {
        add(
          'fail',
          `Function ${at(id)}`,
          `${fn.Properties?.Description ?? 'a function'} logs to its default group /aws/lambda/…, which keeps logs for ever: give it a log group with a retention`,
        )
      }
    }

    // --- S3: access logs (visitors' IP addresses) and the site ---
    const buckets = ofType('AWS::S3::Bucket')
    for (const [id, bucket] of buckets) {
      const targets = logTargets.get(at(id))
      if (targets) {
        const rules = ((bucket.Properties?.LifecycleConfiguration?.Rules ?? []) as Cfn[]).filter(
          (rule) =>
            rule.Status === 'Enabled' &&
            rule.ExpirationInDays !== undefined &&
            !rule.Prefix &&
            !rule.TagFilters &&
            !rule.ObjectSizeGreaterThan,
        )
        const expiry = Math.min(...rules.map((rule) => Number(rule.ExpirationInDays)))
        const versioned = bucket.Properties?.VersioningConfiguration?.Status === 'Enabled'
        const noncurrent = rules.some(
          (rule) =>
            rule.NoncurrentVersionExpiration?.NoncurrentDays !== undefined ||
            rule.NoncurrentVersionExpirationInDays !== undefined,
        )
        const ok =
          Number.isFinite(expiry) && expiry <= policy.accessLogDaysMax && (!versioned || noncurrent)
        add(
          ok ? 'pass' : 'fail',
          `S3 bucket ${at(id)} (access logs)`,
          `${targets.join(' and ')} (visitors' IP addresses, paths, user agents): ${
            Number.isFinite(expiry)
              ? `expired after ${days(expiry)}`
              : 'no lifecycle rule expires them: kept for ever'
          } (limit ${days(policy.accessLogDaysMax)})${versioned && !noncurrent ? '; versioned, with old versions never expired' : ''}`,
        )
      } else if (origins.has(at(id))) {
        add('info', `S3 bucket ${at(id)} (site)`, 'the prerendered website: no personal data')
      } else {
        add(
          'fail',
          `S3 bucket ${at(id)}`,
          'a bucket the audit cannot place (neither the site nor a log bucket): state what it holds and its retention',
        )
      }
    }

    // --- Everything else that sees personal data ---
    for (const [id] of ofType('AWS::SES::EmailIdentity')) {
      add(
        'info',
        `SES identity ${at(id)}`,
        'SES sends each enquiry to the agency inbox and keeps no copy of it. The inbox is outside AWS: the agency deletes enquiry e-mails after ' +
          `${policy.enquiryYears} years and on erasure (docs/operations.md)`,
      )
    }
    for (const [id, destination] of ofType('AWS::SES::ConfigurationSetEventDestination')) {
      // SNS keeps no message once delivered, and the delivery-events function stores only the
      // e-mail's status on the enquiry (under its TTL): any other destination (Firehose, logs)
      // would keep recipients and subjects where this audit does not look.
      const toSnsOnly = Object.keys(destination.Properties?.EventDestination ?? {})
        .filter((key) => key.endsWith('Destination'))
        .every((key) => key === 'SnsDestination')
      add(
        toSnsOnly ? 'info' : 'fail',
        `SES event destination ${at(id)}`,
        toSnsOnly
          ? 'sending events (recipient, subject) go to an SNS topic, which stores nothing; their ' +
              'handler records only the e-mail status on the enquiry, deleted with it by TTL'
          : 'sending events (recipients, subjects) go somewhere this audit does not follow',
      )
    }
    for (const [id] of ofType('AWS::SNS::Topic')) {
      add(
        'info',
        `SNS topic ${at(id)}`,
        'alarm notifications: alarm names and descriptions only, no enquiry data; SNS stores nothing',
      )
    }
    for (const [id, acl] of ofType('AWS::WAFv2::WebACL')) {
      const sampled = [
        acl.Properties?.VisibilityConfig,
        ...((acl.Properties?.Rules ?? []) as Cfn[]).map((rule) => rule.VisibilityConfig),
      ].some((config) => config?.SampledRequestsEnabled === true)
      add(
        'info',
        `WAF web ACL ${at(id)}`,
        sampled
          ? `AWS WAF keeps sampled requests (client IP, headers, path) for ${WAF_SAMPLE_HOURS} hours; metrics are counts only`
          : 'no sampled requests kept; metrics are counts only',
      )
    }
    for (const [id, logging] of ofType('AWS::WAFv2::LoggingConfiguration')) {
      // WAF names its destination by ARN; a log group of these stacks is checked above.
      const destinations = JSON.stringify(logging.Properties?.LogDestinationConfigs ?? [])
      const group = ofType('AWS::Logs::LogGroup').find(([, candidate]) => {
        const name = candidate.Properties?.LogGroupName
        return typeof name === 'string' && destinations.includes(`log-group:${name}"`)
      })
      const retention = group?.[1].Properties?.RetentionInDays
      add(
        group && retention !== undefined && Number(retention) <= policy.logDaysMax
          ? 'pass'
          : 'fail',
        `WAF logging ${at(id)}`,
        group
          ? `full WAF logs (client IPs, paths, headers; cookies redacted) go to log group ${at(group[0])}: ${retention === undefined ? 'kept for ever' : days(Number(retention))} (limit ${days(policy.logDaysMax)})`
          : 'full WAF logs (client IPs) go to a destination this audit does not check',
      )
    }
    for (const [id, resource] of ofType(...unauditedStores)) {
      add('fail', `${resource.Type} ${at(id)}`, 'a data store the retention policy does not cover')
    }
  }
  return findings
}

/**
 * `expiresAt` as the code computes it: the function that builds every stored enquiry, checked on
 * dates where calendar years are easy to get wrong.
 */
export function auditExpiryCode(policy: RetentionPolicy): Finding {
  const place = 'expiresAt code path'
  const source = readFileSync(new URL('../../functions/enquiries/item.ts', import.meta.url), 'utf8')
  const path =
    `functions/enquiries/item.ts ${buildEnquiry.name}() sets ${enquiryTable.ttlAttribute} = ` +
    `retentionExpiresAt(createdAt) (shared/enquiry-table.ts) with RETENTION_YEARS = ${RETENTION_YEARS} ` +
    '(shared/contact.ts); the contact handler stores what it builds'
  if (!source.includes(`${enquiryTable.ttlAttribute}: retentionExpiresAt(createdAt)`)) {
    return {
      status: 'fail',
      place,
      detail: `${path}: that line is no longer in item.ts; update this audit`,
    }
  }
  if (RETENTION_YEARS !== policy.enquiryYears) {
    return {
      status: 'fail',
      place,
      detail: `${path}: ${RETENTION_YEARS} years, the policy says ${policy.enquiryYears}`,
    }
  }
  const samples = [
    '2026-11-21T15:04:05.678Z',
    '2028-02-29T23:59:59.999Z',
    '2027-03-31T00:00:00.000Z',
    '2024-12-31T23:59:59.000Z',
  ]
  const submission = {
    firstName: 'A',
    lastName: 'B',
    email: 'a@example.com',
    phone: '1',
    company: 'C',
    position: 'D',
    message: 'An enquiry for the audit',
  }
  // Spam held back from the inbox is stored too, and must expire like any enquiry.
  const verdicts = [
    undefined,
    { level: 'certain', score: 12, reasons: ['held back as spam'] },
  ] as const
  for (const sample of samples) {
    for (const verdict of verdicts) {
      const createdAt = new Date(sample)
      const item = buildEnquiry(
        submission,
        '00000000-0000-4000-8000-000000000000',
        createdAt,
        verdict && { ...verdict, reasons: [...verdict.reasons] },
      ) as unknown as Record<string, unknown>
      const expected = calendarYearsLater(createdAt, policy.enquiryYears)
      if (item[enquiryTable.ttlAttribute] !== Math.floor(expected.getTime() / 1000)) {
        return {
          status: 'fail',
          place,
          detail: `${path}: created ${sample}${verdict ? ' (held as spam)' : ''}, expires ${describeExpiry(item[enquiryTable.ttlAttribute])}, not ${expected.toISOString()}`,
        }
      }
    }
  }
  return {
    status: 'pass',
    place,
    detail: `${path}: exactly ${policy.enquiryYears} calendar years after creation (to the second; 29 February → 28 February), checked on ${samples.length} dates, for enquiries and for spam held back from the inbox`,
  }
}

/**
 * The same moment `years` calendar years on (UTC), written independently of the code under
 * audit: a day that does not exist that year (29 February) becomes the month's last day.
 */
export function calendarYearsLater(date: Date, years: number): Date {
  const year = date.getUTCFullYear() + years
  const month = date.getUTCMonth()
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(date.getUTCDate(), lastDay),
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
      date.getUTCMilliseconds(),
    ),
  )
}

/** An `expiresAt` value as an auditor reads it, whatever a change has left in it. */
export function describeExpiry(value: unknown): string {
  if (value === undefined || value === null) return `never (no ${enquiryTable.ttlAttribute})`
  const seconds = typeof value === 'number' ? value : Number.NaN
  if (!Number.isInteger(seconds)) {
    return `never (${enquiryTable.ttlAttribute} is ${JSON.stringify(value)}, not epoch seconds: DynamoDB's TTL ignores it)`
  }
  const date = new Date(seconds * 1000)
  return Number.isNaN(date.getTime()) ? `never (${seconds} is no date)` : date.toISOString()
}

/**
 * One stored enquiry, as read back from a table (or as the code writes it): its `expiresAt`
 * must be epoch seconds exactly `enquiryYears` calendar years after its `createdAt`. A missing
 * or malformed attribute is a breach (the item would be kept for ever), reported, never thrown.
 */
export function storedExpiryFinding(
  item: Record<string, unknown> | undefined,
  policy: RetentionPolicy,
  place: string,
  how: string,
): Finding {
  if (!item) return { status: 'fail', place, detail: `${how}: no item was stored` }
  const createdAt = new Date(String(item.createdAt))
  if (Number.isNaN(createdAt.getTime())) {
    return {
      status: 'fail',
      place,
      detail: `${how}: the stored item has no valid createdAt (${JSON.stringify(item.createdAt)}), so its expiry cannot be checked`,
    }
  }
  const expiresAt = item[enquiryTable.ttlAttribute]
  const expected = calendarYearsLater(createdAt, policy.enquiryYears)
  const exact = expiresAt === Math.floor(expected.getTime() / 1000)
  return {
    status: exact ? 'pass' : 'fail',
    place,
    detail:
      `${how} → stored enquiry created ${createdAt.toISOString()}, ` +
      `${enquiryTable.ttlAttribute} ${exact ? `${expiresAt} = ` : ''}${describeExpiry(expiresAt)}` +
      (exact
        ? `: exactly ${policy.enquiryYears} calendar years later`
        : `, expected ${expected.toISOString()} (${policy.enquiryYears} calendar years)`),
  }
}

/** What the enquiry store hands DynamoDB for a new enquiry, captured offline (no table). */
export async function itemTheStoreWrites(createdAt: Date): Promise<Record<string, unknown>> {
  let written: Record<string, unknown> | undefined
  const capture = {
    send: async (command: { input: { Item?: Record<string, unknown> } }) => {
      written ??= command.input.Item
      return {}
    },
  } as unknown as DynamoDBDocumentClient
  const submission = {
    firstName: 'Retention',
    lastName: 'Audit',
    email: 'retention-audit@example.co.uk',
    phone: '020 7946 0000',
    company: 'Audit',
    position: 'Auditor',
    message: 'A test enquiry for the retention audit.',
  }
  await createEnquiryStore(capture, 'enquiries').create(
    buildEnquiry(submission, '00000000-0000-4000-8000-000000000001', createdAt),
  )
  return written ?? {}
}

/**
 * Without the live check (`--skip-live`), the item the code would store is still checked: the
 * enquiry built by the contact pipeline, as the store writes it to DynamoDB.
 */
export async function auditStoredItem(
  policy: RetentionPolicy,
  write: (createdAt: Date) => Promise<Record<string, unknown>> = itemTheStoreWrites,
): Promise<Finding> {
  const how =
    'offline: buildEnquiry() (functions/enquiries/item.ts) passed to the enquiry store ' +
    '(functions/enquiries/store.ts), its PutCommand item captured'
  const item = await write(new Date())
  return storedExpiryFinding(item, policy, 'Item the contact pipeline writes', how)
}
