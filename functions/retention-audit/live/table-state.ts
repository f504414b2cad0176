import {
  DescribeContinuousBackupsCommand,
  DescribeKinesisStreamingDestinationCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  ListBackupsCommand,
  type TableDescription,
} from '@aws-sdk/client-dynamodb'
import { enquiryTable } from '#shared/enquiry-table.ts'
import { DAY_MS, days, type Finding } from '../finding.ts'
import type { RetentionPolicy } from '../policy.ts'
import type { LiveAws } from './calls.ts'
import type { StackLocation } from './stacks.ts'
import { failedCall } from './stacks.ts'

/** A table of the stage as the account has it. */
export interface LiveTable {
  readonly name: string
  readonly region: string
  /** Where it was found (the stack's resource), for the report. */
  readonly key: string
}

/**
 * The enquiries table as it is, not as its template says: TTL on and on the attribute the code
 * stamps, the point-in-time-recovery window, its stream, any copy of its changes to Kinesis,
 * replicas in other regions, and backups older than the backup limit. Each is one finding; a
 * call that fails is that finding's FAIL.
 */
export async function auditLiveTable(
  aws: LiveAws,
  table: LiveTable,
  policy: RetentionPolicy,
  now: Date,
): Promise<{ findings: Finding[]; description?: TableDescription }> {
  const dynamodb = aws.client(DynamoDBClient, table.region)
  const TableName = table.name
  const name = `${table.name} (${table.region})`
  const findings: Finding[] = []
  const check = async (place: string, run: () => Promise<Finding | Finding[]>) => {
    try {
      const found = await run()
      findings.push(...(Array.isArray(found) ? found : [found]))
    } catch (error) {
      findings.push(failedCall(place, error))
    }
  }

  await check(`TTL of table ${name}`, async () => {
    const { TimeToLiveDescription: ttl } = await aws.calls.send(
      'dynamodb:DescribeTimeToLive',
      (abortSignal) => dynamodb.send(new DescribeTimeToLiveCommand({ TableName }), { abortSignal }),
    )
    const status = ttl?.TimeToLiveStatus ?? 'DISABLED'
    const attribute = ttl?.AttributeName
    const ok = status === 'ENABLED' && attribute === enquiryTable.ttlAttribute
    return {
      status: ok ? 'pass' : 'fail',
      place: `TTL of table ${name}`,
      detail: ok
        ? `enabled on "${attribute}", the attribute the code stamps: DynamoDB deletes each enquiry once it has passed`
        : status === 'ENABLED' || status === 'ENABLING'
          ? `${status.toLowerCase()} on "${attribute}", but the code stamps "${enquiryTable.ttlAttribute}": no enquiry would ever expire`
          : `${status.toLowerCase()}${attribute ? ` (was on "${attribute}")` : ''}: no enquiry is deleted after ${policy.enquiryYears} years`,
    }
  })

  await check(`Point-in-time recovery of table ${name}`, async () => {
    const { ContinuousBackupsDescription: backups } = await aws.calls.send(
      'dynamodb:DescribeContinuousBackups',
      (abortSignal) =>
        dynamodb.send(new DescribeContinuousBackupsCommand({ TableName }), { abortSignal }),
    )
    const recovery = backups?.PointInTimeRecoveryDescription
    if (recovery?.PointInTimeRecoveryStatus !== 'ENABLED') {
      return {
        status: 'pass',
        place: `Point-in-time recovery of table ${name}`,
        detail: `${(recovery?.PointInTimeRecoveryStatus ?? 'disabled').toLowerCase()}: no continuous backup holds deleted enquiries`,
      }
    }
    const window = recovery.RecoveryPeriodInDays ?? 35
    return {
      status: window <= policy.backupDaysMax ? 'pass' : 'fail',
      place: `Point-in-time recovery of table ${name}`,
      detail: `${days(window)} (limit ${days(policy.backupDaysMax)}): a deleted or erased enquiry stays restorable this long`,
    }
  })

  let description: TableDescription | undefined
  await check(`Stream and replicas of table ${name}`, async () => {
    const { Table } = await aws.calls.send('dynamodb:DescribeTable', (abortSignal) =>
      dynamodb.send(new DescribeTableCommand({ TableName }), { abortSignal }),
    )
    description = Table
    const found: Finding[] = []
    const stream = Table?.StreamSpecification
    if (stream?.StreamEnabled) {
      found.push({
        status: 'pass',
        place: `Stream of table ${name}`,
        detail: `${stream.StreamViewType}: each change record is kept 24 hours (fixed by DynamoDB), then deleted`,
      })
    }
    for (const replica of Table?.Replicas ?? []) {
      if (replica.RegionName === table.region) continue
      found.push({
        status: 'fail',
        place: `Replica of table ${name} in ${replica.RegionName}`,
        detail: `every enquiry is copied to ${replica.RegionName} (${replica.ReplicaStatus}): outside the stage's region, which the policy and the privacy notice name`,
      })
    }
    return found
  })

  await check(`Kinesis streaming of table ${name}`, async () => {
    const { KinesisDataStreamDestinations = [] } = await aws.calls.send(
      'dynamodb:DescribeKinesisStreamingDestination',
      (abortSignal) =>
        dynamodb.send(new DescribeKinesisStreamingDestinationCommand({ TableName }), {
          abortSignal,
        }),
    )
    return KinesisDataStreamDestinations.filter(
      (destination) => destination.DestinationStatus !== 'DISABLED',
    ).map((destination) => ({
      status: 'fail',
      place: `Kinesis streaming of table ${name}`,
      detail: `every change of every enquiry is copied to ${destination.StreamArn} (${destination.DestinationStatus}), kept by that stream's retention, beyond TTL and erasure`,
    }))
  })

  await check(`Backups of table ${name}`, async () => {
    const before = new Date(now.getTime() - policy.backupDaysMax * DAY_MS)
    const { BackupSummaries = [] } = await aws.calls.send('dynamodb:ListBackups', (abortSignal) =>
      dynamodb.send(
        new ListBackupsCommand({ TableName, BackupType: 'ALL', TimeRangeUpperBound: before }),
        { abortSignal },
      ),
    )
    return {
      status: BackupSummaries.length === 0 ? 'pass' : 'fail',
      place: `Backups of table ${name}`,
      detail:
        BackupSummaries.length === 0
          ? `no on-demand or AWS Backup backup older than ${days(policy.backupDaysMax)}`
          : `${BackupSummaries.length} backup(s) older than ${days(policy.backupDaysMax)}, each a copy of enquiries past their erasure or expiry: ${BackupSummaries.map((backup) => `${backup.BackupName} (${backup.BackupType}, ${backup.BackupCreationDateTime?.toISOString().slice(0, 10)})`).join(', ')}`,
    }
  })
  return { findings, ...(description && { description }) }
}

/** The tables of the stage's stacks, by physical name. */
export function tablesOf(
  stacks: readonly (StackLocation & {
    readonly template: { readonly Resources?: Record<string, { Type?: string }> }
    readonly physicalIds: ReadonlyMap<string, string>
  })[],
): LiveTable[] {
  return stacks.flatMap((stack) =>
    Object.entries(stack.template.Resources ?? {}).flatMap(([id, resource]) => {
      const name = stack.physicalIds.get(id)
      return (resource?.Type === 'AWS::DynamoDB::GlobalTable' ||
        resource?.Type === 'AWS::DynamoDB::Table') &&
        name
        ? [{ name, region: stack.region, key: `${stack.stackName}/${id}` }]
        : []
    }),
  )
}
