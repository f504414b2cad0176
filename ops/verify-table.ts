import {
  DescribeContinuousBackupsCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  type TableDescription,
} from '@aws-sdk/client-dynamodb'
import { LambdaClient, ListEventSourceMappingsCommand } from '@aws-sdk/client-lambda'
import { enquiryStreamViewType } from '#infra/constructs/enquiries-table.ts'
import { enquiryTable } from '#shared/enquiry-table.ts'
import type { AwsAccount } from './aws-account.ts'
import { type Check, fail, pass } from './checks.ts'

/**
 * The checks of `npm run verify` on the enquiries table and what its stream starts: TTL,
 * point-in-time recovery, the stream the enquiry sender needs, deletion protection, and the
 * sender's event source mapping (enabled, reading that stream, failed records kept).
 */

export interface TableCheckInputs {
  readonly aws: AwsAccount
  readonly region: string
  readonly stage: string
  /** The data stack's EnquiriesTableName output. */
  readonly tableName: () => string
  /** The site stack's outputs. */
  readonly outputs: Record<string, string>
}

/** The table as DescribeTable tells it, asked once for the rows that read it. */
function tableDescriber(aws: AwsAccount, region: string, tableName: () => string) {
  const dynamodb = aws.client(DynamoDBClient, region)
  let described: Promise<TableDescription> | undefined
  return () => {
    described ??= aws.budget
      .ask((abortSignal) =>
        dynamodb.send(new DescribeTableCommand({ TableName: tableName() }), { abortSignal }),
      )
      .then(({ Table }) => Table ?? {})
    return described
  }
}

export function tableChecks(inputs: TableCheckInputs): Check[] {
  const { aws, region, stage, tableName } = inputs
  const dynamodb = aws.client(DynamoDBClient, region)
  const table = tableDescriber(aws, region, tableName)
  return [
    {
      name: 'table TTL',
      run: async () => {
        const { TimeToLiveDescription: ttl } = await aws.budget.ask((abortSignal) =>
          dynamodb.send(new DescribeTimeToLiveCommand({ TableName: tableName() }), { abortSignal }),
        )
        return ttl?.TimeToLiveStatus === 'ENABLED' &&
          ttl.AttributeName === enquiryTable.ttlAttribute
          ? pass(
              'table TTL',
              `enabled on ${ttl.AttributeName}: enquiries are deleted after 3 years`,
            )
          : fail(
              'table TTL',
              `TTL is ${ttl?.TimeToLiveStatus ?? 'unknown'} on ${ttl?.AttributeName ?? 'no attribute'}, not ENABLED on ${enquiryTable.ttlAttribute}: enquiries would be kept for ever; deploy the data stack again`,
            )
      },
    },
    {
      name: 'table point-in-time recovery',
      run: async () => {
        const { ContinuousBackupsDescription: backups } = await aws.budget.ask((abortSignal) =>
          dynamodb.send(new DescribeContinuousBackupsCommand({ TableName: tableName() }), {
            abortSignal,
          }),
        )
        const status = backups?.PointInTimeRecoveryDescription?.PointInTimeRecoveryStatus
        return status === 'ENABLED'
          ? pass('table point-in-time recovery', 'enabled')
          : fail(
              'table point-in-time recovery',
              `${status ?? 'unknown'}: deploy the data stack again`,
            )
      },
    },
    {
      name: 'table stream',
      run: async () => {
        const name = 'table stream'
        const { StreamSpecification: stream, LatestStreamArn } = await table()
        if (stream?.StreamEnabled && stream.StreamViewType === enquiryStreamViewType) {
          return pass(
            name,
            `${stream.StreamViewType}: each new enquiry starts the enquiry sender (${LatestStreamArn?.split('/').pop() ?? 'stream'})`,
          )
        }
        const turnOn = `npm run migrate -- ${stage} stream --table ${tableName()} (docs/deploy.md)`
        return fail(
          name,
          stream?.StreamEnabled
            ? `${stream.StreamViewType}, not ${enquiryStreamViewType}: the sender's filter reads each record's new image. Turn it off (aws dynamodb update-table --table-name ${tableName()} --stream-specification StreamEnabled=false --region ${region}), then ${turnOn}, then npm run deploy -- ${stage}`
            : `off: nothing starts the enquiry sender, so every enquiry waits a minute or more for the retry. Turn it on: ${turnOn}, then npm run deploy -- ${stage}`,
        )
      },
    },
    {
      name: 'table deletion protection',
      run: async () => {
        const name = 'table deletion protection'
        return (await table()).DeletionProtectionEnabled
          ? pass(name, `${tableName()} cannot be deleted while it is on`)
          : fail(
              name,
              `off: one delete-table call would remove every enquiry (and its point-in-time backups). aws dynamodb update-table --table-name ${tableName()} --deletion-protection-enabled --region ${region}, and deploy the data stack again`,
            )
      },
    },
    senderCheck(inputs, table),
  ]
}

/**
 * The enquiry sender's event source mapping: enabled, reading the table's current stream,
 * failed records sent to its queue, its last batch not a problem. A broken one leaves every
 * enquiry to the retry (a minute late) with no error of its own to alarm on.
 */
function senderCheck(inputs: TableCheckInputs, table: () => Promise<TableDescription>): Check {
  const name = 'enquiry sender'
  const { aws, region, stage, outputs } = inputs
  return {
    name,
    run: async () => {
      const fn = outputs.EnquirySenderFunctionName
      const queue = outputs.EnquirySenderFailedRecordsQueueArn
      if (!fn || !queue) {
        return fail(
          name,
          `the site stack has no enquiry sender (its EnquirySenderFunctionName output): it is made only when the table has a stream; see "table stream", then npm run deploy -- ${stage}`,
        )
      }
      const stream = (await table()).LatestStreamArn
      if (!stream) return fail(name, 'not checked: the table has no stream (see "table stream")')
      const lambda = aws.client(LambdaClient, region)
      const { EventSourceMappings: mappings = [] } = await aws.budget.ask((abortSignal) =>
        lambda.send(new ListEventSourceMappingsCommand({ FunctionName: fn }), { abortSignal }),
      )
      const mapping = mappings.find((candidate) => candidate.EventSourceArn === stream)
      if (!mapping) {
        const others = mappings.map((other) => other.EventSourceArn).join(', ')
        return fail(
          name,
          `nothing starts ${fn} from the table's stream ${stream}${others ? ` (its mapping reads ${others}: the stream was turned off and on since)` : ''}: new enquiries wait for the retry; npm run deploy -- ${stage}`,
        )
      }
      const id = `mapping ${mapping.UUID}`
      if (mapping.State !== 'Enabled') {
        return fail(
          name,
          `${id} is ${mapping.State}${mapping.StateTransitionReason ? ` (${mapping.StateTransitionReason})` : ''}: new enquiries wait a minute or more for the retry. aws lambda update-event-source-mapping --uuid ${mapping.UUID} --enabled --region ${region}`,
        )
      }
      const destination = mapping.DestinationConfig?.OnFailure?.Destination
      if (destination !== queue) {
        return fail(
          name,
          `${id} sends records it failed on to ${destination ?? 'nowhere'}, not ${queue}: they would be lost unseen; npm run deploy -- ${stage}`,
        )
      }
      if (/^PROBLEM/i.test(mapping.LastProcessingResult ?? '')) {
        return fail(
          name,
          `${id}: ${mapping.LastProcessingResult}: the sender fails; its log group says why (docs/operations.md, "The enquiry sender's failed records")`,
        )
      }
      return pass(
        name,
        `${id} enabled on the table's stream, failed records → ${queue.split(':').pop()}; last result: ${mapping.LastProcessingResult ?? 'none yet'}`,
      )
    },
  }
}
