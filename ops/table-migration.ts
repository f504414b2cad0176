import { setTimeout as sleep } from 'node:timers/promises'
import {
  CloudFormationClient,
  DescribeStackDriftDetectionStatusCommand,
  DescribeStackResourceDriftsCommand,
  DetectStackDriftCommand,
} from '@aws-sdk/client-cloudformation'
import {
  DescribeTableCommand,
  DynamoDBClient,
  type TableDescription,
  UpdateTableCommand,
} from '@aws-sdk/client-dynamodb'
import { enquiryStreamViewType } from '#infra/constructs/enquiries-table.ts'
import { stageResourceNames } from '#infra/stack-names.ts'
import type { DeployConfig } from '#infra/stage-settings.ts'
import { enquiryTable } from '#shared/enquiry-table.ts'
import { AwsAccount, outputsOf } from './aws-account.ts'
import { type Check, type CheckResult, fail, pass, runChecks, type TimeBudget } from './checks.ts'
import { tableChecks } from './verify-table.ts'

/**
 * The command steps of moving an existing deployment's table into its data stack
 * (docs/deploy.md): `cdk import` adopts the table as it is, and the table of a stage deployed
 * before the enquiry sender has no stream, which import will not turn on (and the data stack's
 * `GetAtt StreamArn` fails without one). So one step turns the stream on and confirms it, and the
 * last checks the live table and the stack's drift, not the templates (`cdk diff` compares
 * templates only, and an imported table whose stream is off shows no difference there).
 */

/** How often a step that waits on AWS asks again. */
const POLL_MS = 2_000

/** `read`'s answers every `pollMs` until `done` holds of one: that one; rejects once aborted. */
async function pollUntil<T>(
  read: () => Promise<T>,
  done: (answer: T) => boolean,
  pollMs: number,
  signal: AbortSignal,
): Promise<T> {
  for (;;) {
    const answer = await read()
    if (done(answer)) return answer
    await sleep(pollMs, undefined, { signal })
  }
}

/** Whether a table is the stage's enquiries table: its key and its pending-email index. */
function looksLikeEnquiries(table: TableDescription): boolean {
  return (
    table.KeySchema?.some(
      (key) => key.KeyType === 'HASH' && key.AttributeName === enquiryTable.partitionKey,
    ) === true &&
    (table.GlobalSecondaryIndexes ?? []).some(
      (index) => index.IndexName === enquiryTable.pendingEmailIndex.name,
    )
  )
}

const streamOn = (table: TableDescription) =>
  table.StreamSpecification?.StreamEnabled === true &&
  table.StreamSpecification.StreamViewType === enquiryStreamViewType &&
  table.LatestStreamArn !== undefined &&
  table.TableStatus === 'ACTIVE'

/**
 * Turns the table's stream on with the records the enquiry sender reads, and confirms it with
 * describe-table; a stream already on as needed is confirmed and left alone.
 */
export async function turnStreamOn(
  config: DeployConfig,
  tableName: string,
  budget: TimeBudget,
  pollMs = POLL_MS,
): Promise<CheckResult[]> {
  const aws = new AwsAccount(budget)
  const region = config.env.region
  const dynamodb = aws.client(DynamoDBClient, region)
  const describe = async () =>
    (
      await budget.ask((abortSignal) =>
        dynamodb.send(new DescribeTableCommand({ TableName: tableName }), { abortSignal }),
      )
    ).Table ?? {}
  const name = 'table stream'
  const step: Check = {
    name,
    run: async () => {
      const table = await describe()
      if (!looksLikeEnquiries(table)) {
        return fail(
          name,
          `${tableName} in ${region} has no ${enquiryTable.partitionKey} key and ${enquiryTable.pendingEmailIndex.name} index: not the enquiries table; take its name from step 2`,
        )
      }
      if (streamOn(table)) {
        return pass(name, `already on (${enquiryStreamViewType}): ${table.LatestStreamArn}`)
      }
      const current = table.StreamSpecification
      if (current?.StreamEnabled && current.StreamViewType !== enquiryStreamViewType) {
        return fail(
          name,
          `on with ${current.StreamViewType} records, not ${enquiryStreamViewType}, which the enquiry sender reads: turn it off (aws dynamodb update-table --table-name ${tableName} --stream-specification StreamEnabled=false --region ${region}), then run this step again`,
        )
      }
      if (!current?.StreamEnabled) {
        await budget.ask((abortSignal) =>
          dynamodb.send(
            new UpdateTableCommand({
              TableName: tableName,
              StreamSpecification: { StreamEnabled: true, StreamViewType: enquiryStreamViewType },
            }),
            { abortSignal },
          ),
        )
      }
      // Confirmed only by what describe-table says, once the update is over.
      const now = await budget.ask(
        (signal) => pollUntil(describe, streamOn, pollMs, signal),
        budget.remainingMs,
      )
      return pass(name, `turned on (${enquiryStreamViewType}): ${now.LatestStreamArn}`)
    },
  }
  try {
    return await runChecks([step], budget)
  } finally {
    aws.close()
  }
}

/**
 * The last step: the data stack's drift (every imported resource as its template says, the
 * table's stream included) and the live table as the stage needs it (TTL, point-in-time recovery,
 * stream, deletion protection) with the enquiry sender reading its stream.
 */
export async function checkMigration(
  config: DeployConfig,
  budget: TimeBudget,
  pollMs = POLL_MS,
): Promise<CheckResult[]> {
  const aws = new AwsAccount(budget)
  const region = config.env.region
  const names = stageResourceNames(config.stackName)
  try {
    const [data, site] = await Promise.all([
      aws.stack(region, names.data),
      aws.stack(region, names.site),
    ])
    if (!data) {
      return [fail('data stack', `${names.data} not found in ${region}: step 4 (cdk import) first`)]
    }
    const dataOutputs = outputsOf(data)
    const tableName = () => {
      const value = dataOutputs.EnquiriesTableName
      if (!value) throw new Error(`${names.data} has no EnquiriesTableName output: do step 5`)
      return value
    }
    const checks: Check[] = [
      driftCheck(aws, region, names.data, config.stage, pollMs),
      ...tableChecks({ aws, region, stage: config.stage, tableName, outputs: outputsOf(site) }),
    ]
    return await runChecks(checks, budget)
  } finally {
    aws.close()
  }
}

function driftCheck(
  aws: AwsAccount,
  region: string,
  stackName: string,
  stage: string,
  pollMs: number,
): Check {
  const name = 'data stack drift'
  return {
    name,
    run: async () => {
      const cloudFormation = aws.client(CloudFormationClient, region)
      const { StackDriftDetectionId: id } = await aws.budget.ask((abortSignal) =>
        cloudFormation.send(new DetectStackDriftCommand({ StackName: stackName }), {
          abortSignal,
        }),
      )
      // Drift detection takes seconds to minutes: asked again until it is over.
      const status = await aws.budget.ask(
        (signal) =>
          pollUntil(
            () =>
              cloudFormation.send(
                new DescribeStackDriftDetectionStatusCommand({ StackDriftDetectionId: id }),
                { abortSignal: signal },
              ),
            (answer) => answer.DetectionStatus !== 'DETECTION_IN_PROGRESS',
            pollMs,
            signal,
          ),
        aws.budget.remainingMs,
      )
      if (status.DetectionStatus === 'DETECTION_FAILED') {
        return fail(name, `drift detection failed: ${status.DetectionStatusReason ?? ''}`)
      }
      if (status.StackDriftStatus === 'IN_SYNC') {
        return pass(name, `${stackName} IN_SYNC: every resource is as its template says`)
      }
      const { StackResourceDrifts: drifts = [] } = await aws.budget.ask((abortSignal) =>
        cloudFormation.send(
          new DescribeStackResourceDriftsCommand({
            StackName: stackName,
            StackResourceDriftStatusFilters: ['MODIFIED', 'DELETED'],
          }),
          { abortSignal },
        ),
      )
      const described = drifts.map((drift) => {
        const differences = (drift.PropertyDifferences ?? [])
          .map(
            (difference) =>
              `${difference.PropertyPath} ${difference.DifferenceType}: expected ${difference.ExpectedValue ?? 'none'}, actual ${difference.ActualValue ?? 'none'}`,
          )
          .join(', ')
        return `${drift.LogicalResourceId} (${drift.ResourceType}) ${drift.StackResourceDriftStatus}${differences ? `: ${differences}` : ''}`
      })
      const stream = drifts.some((drift) =>
        (drift.PropertyDifferences ?? []).some((difference) =>
          /StreamSpecification/.test(difference.PropertyPath ?? ''),
        ),
      )
      return fail(
        name,
        `${stackName} ${status.StackDriftStatus}: ${described.join('; ') || 'see the CloudFormation console'}. ${stream ? `The table's stream: npm run migrate -- ${stage} stream --table NAME, then check again` : `Deploy again (npm run deploy -- ${stage}), then check again`}`,
      )
    },
  }
}
