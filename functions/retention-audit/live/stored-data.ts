import { CloudWatchClient, GetMetricStatisticsCommand } from '@aws-sdk/client-cloudwatch'
import { type AttributeValue, DynamoDBClient, ScanCommand } from '@aws-sdk/client-dynamodb'
import { enquiryTable } from '#shared/enquiry-table.ts'
import { DAY_MS, days, type Finding } from '../finding.ts'
import type { RetentionPolicy } from '../policy.ts'
import type { CallFailed, LiveAws } from './calls.ts'
import { failedCall } from './stacks.ts'
import type { LiveTable } from './table-state.ts'

/** What the data says, in counts and dates only: never an enquiry's content. */
export interface DataFigures {
  /** Items read (each one's timestamps only). */
  readonly read: number
  /** Whether every item was read (else the time ran out, or a page failed). */
  readonly complete: boolean
  /** The oldest item's creation time, ISO. */
  readonly oldestCreatedAt?: string
  /** Past `expiresAt`, within the TTL slack: awaiting DynamoDB's lazy deletion. */
  readonly awaitingDeletion: number
  /** Past `expiresAt` by more than the slack: TTL is not deleting them. */
  readonly pastSlack: number
  /** Without a valid `expiresAt` (epoch seconds): kept for ever. */
  readonly withoutExpiry: number
  /** Stamped to expire later than the policy allows after their creation. */
  readonly expiryTooLate: number
  /** The canary's synthetic enquiries older than their one day. */
  readonly syntheticOlderThanADay: number
  /** What TTL deleted in the period (CloudWatch's TimeToLiveDeletedItemCount). */
  readonly ttlDeleted?: number
}

/** The attributes read of each item: its timestamps and its synthetic mark, nothing else. */
export const projectedAttributes = ['createdAt', enquiryTable.ttlAttribute, 'synthetic'] as const

interface Tally {
  read: number
  oldest?: number
  awaitingDeletion: number
  pastSlack: number
  withoutExpiry: number
  expiryTooLate: number
  syntheticOlderThanADay: number
}

/** `years` calendar years after `ms` (29 February → 28 February), as epoch ms. */
function yearsLater(ms: number, years: number): number {
  const date = new Date(ms)
  const later = new Date(ms)
  later.setUTCFullYear(date.getUTCFullYear() + years)
  if (later.getUTCDate() !== date.getUTCDate()) later.setUTCDate(0)
  return later.getTime()
}

function count(
  tally: Tally,
  item: Record<string, AttributeValue>,
  policy: RetentionPolicy,
  now: number,
) {
  tally.read++
  const created = Date.parse(item.createdAt?.S ?? '')
  const expires = Number(item[enquiryTable.ttlAttribute]?.N)
  const synthetic = item.synthetic?.BOOL === true
  if (Number.isFinite(created)) {
    if (tally.oldest === undefined || created < tally.oldest) tally.oldest = created
    if (synthetic && now - created > policy.syntheticEnquiryDays * DAY_MS) {
      tally.syntheticOlderThanADay++
    }
  }
  if (!Number.isInteger(expires) || expires <= 0 || expires > 1e11) {
    tally.withoutExpiry++
    return
  }
  const expiresMs = expires * 1000
  if (now > expiresMs + policy.ttlSlackDays * DAY_MS) tally.pastSlack++
  else if (now > expiresMs) tally.awaitingDeletion++
  if (Number.isFinite(created)) {
    const latest = synthetic
      ? created + policy.syntheticEnquiryDays * DAY_MS
      : yearsLater(created, policy.enquiryYears)
    // A second of rounding (epoch seconds) is not a breach.
    if (expiresMs > latest + 1000) tally.expiryTooLate++
  }
}

export interface ScanOptions {
  /** Parallel scan segments: a million items read in a few minutes. @default 4 */
  readonly segments?: number
  /** Items a page reads at most. @default - DynamoDB's 1 MB a page */
  readonly pageSize?: number
}

/**
 * Every item of the table, its timestamps only (a projection: the scan never returns a name, an
 * address or a message), in parallel segments, page by page within the run's time, counted as
 * it is read so memory stays flat however large the table is.
 */
async function scanTimestamps(
  aws: LiveAws,
  table: LiveTable,
  policy: RetentionPolicy,
  now: number,
  options: ScanOptions,
): Promise<{ tally: Tally; stopped?: CallFailed }> {
  const dynamodb = aws.client(DynamoDBClient, table.region)
  const tally: Tally = {
    read: 0,
    awaitingDeletion: 0,
    pastSlack: 0,
    withoutExpiry: 0,
    expiryTooLate: 0,
    syntheticOlderThanADay: 0,
  }
  const segments = options.segments ?? 4
  const names = Object.fromEntries(projectedAttributes.map((name, index) => [`#a${index}`, name]))
  let stopped: CallFailed | undefined
  await Promise.all(
    Array.from({ length: segments }, async (_, segment) => {
      let ExclusiveStartKey: Record<string, AttributeValue> | undefined
      do {
        if (stopped) return
        try {
          const page = await aws.calls.send('dynamodb:Scan', (abortSignal) =>
            dynamodb.send(
              new ScanCommand({
                TableName: table.name,
                ProjectionExpression: Object.keys(names).join(', '),
                ExpressionAttributeNames: names,
                Segment: segment,
                TotalSegments: segments,
                ExclusiveStartKey,
                ...(options.pageSize && { Limit: options.pageSize }),
              }),
              { abortSignal },
            ),
          )
          for (const item of page.Items ?? []) count(tally, item, policy, now)
          ExclusiveStartKey = page.LastEvaluatedKey
        } catch (error) {
          stopped ??= error as CallFailed
          return
        }
      } while (ExclusiveStartKey)
    }),
  )
  return { tally, ...(stopped && { stopped }) }
}

/** What TTL deleted between `from` and `to` (CloudWatch keeps daily sums 455 days). */
async function ttlDeletions(aws: LiveAws, table: LiveTable, from: Date, to: Date) {
  const cloudwatch = aws.client(CloudWatchClient, table.region)
  const { Datapoints = [] } = await aws.calls.send(
    'cloudwatch:GetMetricStatistics',
    (abortSignal) =>
      cloudwatch.send(
        new GetMetricStatisticsCommand({
          Namespace: 'AWS/DynamoDB',
          MetricName: 'TimeToLiveDeletedItemCount',
          Dimensions: [{ Name: 'TableName', Value: table.name }],
          StartTime: from,
          EndTime: to,
          Period: 86_400,
          Statistics: ['Sum'],
        }),
        { abortSignal },
      ),
  )
  return Datapoints.reduce((sum, point) => sum + (point.Sum ?? 0), 0)
}

/** The month before `now`, to the same moment. */
export function periodBefore(now: Date): { from: Date; to: Date } {
  const from = new Date(now)
  from.setUTCMonth(from.getUTCMonth() - 1)
  return { from, to: now }
}

/**
 * The data itself: the oldest item against the retention (with DynamoDB's TTL slack), items past
 * their expiry, items without one or stamped too late, the canary's items past their day, and
 * what TTL deleted in the month.
 */
export async function auditStoredData(
  aws: LiveAws,
  table: LiveTable,
  policy: RetentionPolicy,
  now: Date,
  options: ScanOptions & {
    readonly itemCount?: number
    /** Whether to read TTL's deletions from CloudWatch (not emulated locally). @default true */
    readonly ttlMetric?: boolean
  } = {},
): Promise<{ findings: Finding[]; figures: DataFigures }> {
  const name = `${table.name} (${table.region})`
  const { tally, stopped } = await scanTimestamps(aws, table, policy, now.getTime(), options)
  const findings: Finding[] = []
  const slack = days(policy.ttlSlackDays)
  const limitMs = yearsLater(now.getTime(), -policy.enquiryYears) - policy.ttlSlackDays * DAY_MS
  if (stopped) {
    findings.push({
      status: 'fail',
      place: `Stored enquiries of ${name}`,
      detail: `read ${tally.read}${options.itemCount === undefined ? '' : ` of about ${options.itemCount}`} items, then stopped: ${stopped.message}; the rest could not be checked`,
    })
  }
  const oldest = tally.oldest === undefined ? undefined : new Date(tally.oldest)
  findings.push({
    status: oldest && oldest.getTime() < limitMs ? 'fail' : 'pass',
    place: `Oldest stored enquiry of ${name}`,
    detail: oldest
      ? `created ${oldest.toISOString()}, ${Math.floor((now.getTime() - oldest.getTime()) / DAY_MS)} days ago (limit ${policy.enquiryYears} years + ${slack} of TTL slack: nothing created before ${new Date(limitMs).toISOString().slice(0, 10)})`
      : `no items ${stopped ? 'read' : 'stored'}`,
  })
  findings.push(
    {
      status: tally.pastSlack === 0 ? 'pass' : 'fail',
      place: `Items past their expiry of ${name}`,
      detail: `${tally.pastSlack} past expiresAt by more than ${slack} (TTL is not deleting them); ${tally.awaitingDeletion} past it within ${slack}, awaiting DynamoDB's deletion (every reader skips them)`,
    },
    {
      status: tally.withoutExpiry + tally.expiryTooLate === 0 ? 'pass' : 'fail',
      place: `Expiry stamps of ${name}`,
      detail: `${tally.withoutExpiry} without a valid expiresAt (kept for ever); ${tally.expiryTooLate} stamped to expire later than ${policy.enquiryYears} years (synthetic: ${days(policy.syntheticEnquiryDays)}) after creation; of ${tally.read} read`,
    },
    {
      status: 'info',
      place: `Synthetic enquiries of ${name}`,
      detail: `${tally.syntheticOlderThanADay} of the canary's enquiries older than ${days(policy.syntheticEnquiryDays)}, awaiting TTL (counted above if past the slack)`,
    },
  )
  let ttlDeleted: number | undefined
  const { from, to } = periodBefore(now)
  if (options.ttlMetric === false) {
    return { findings, figures: figuresOf(tally, stopped, oldest) }
  }
  try {
    ttlDeleted = await ttlDeletions(aws, table, from, to)
    findings.push({
      status: 'info',
      place: `TTL deletions of ${name}`,
      detail: `${ttlDeleted} items deleted by TTL from ${from.toISOString().slice(0, 10)} to ${to.toISOString().slice(0, 10)} (TimeToLiveDeletedItemCount)`,
    })
  } catch (error) {
    findings.push(failedCall(`TTL deletions of ${name}`, error))
  }
  return {
    findings,
    figures: {
      ...figuresOf(tally, stopped, oldest),
      ...(ttlDeleted !== undefined && { ttlDeleted }),
    },
  }
}

function figuresOf(
  tally: Tally,
  stopped: CallFailed | undefined,
  oldest: Date | undefined,
): DataFigures {
  return {
    read: tally.read,
    complete: !stopped,
    ...(oldest && { oldestCreatedAt: oldest.toISOString() }),
    awaitingDeletion: tally.awaitingDeletion,
    pastSlack: tally.pastSlack,
    withoutExpiry: tally.withoutExpiry,
    expiryTooLate: tally.expiryTooLate,
    syntheticOlderThanADay: tally.syntheticOlderThanADay,
  }
}
