import {
  CloudFormationClient,
  DescribeStackDriftDetectionStatusCommand,
  DescribeStackResourceDriftsCommand,
  DescribeStacksCommand,
  DetectStackDriftCommand,
  type Stack,
} from '@aws-sdk/client-cloudformation'
import {
  DescribeContinuousBackupsCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  UpdateTableCommand,
} from '@aws-sdk/client-dynamodb'
import {
  type EventSourceMappingConfiguration,
  LambdaClient,
  ListEventSourceMappingsCommand,
} from '@aws-sdk/client-lambda'
import { mockClient } from 'aws-sdk-client-mock'
import { enquiryTable } from '#shared/enquiry-table.ts'

/**
 * A recorded account (aws-sdk-client-mock) holding a prod stage deployed before the data stack
 * and the enquiry sender: one site stack with the enquiries table, which has no stream. Each step
 * of the move (docs/deploy.md) changes it as AWS would; what only a real account proves (the
 * import itself) is modelled by what the documentation of `cdk import` and CloudFormation say:
 * an import adopts the table as it is, an update leaves a property its template did not change,
 * and the data stack's `GetAtt StreamArn` fails on a table without a stream.
 */
export const tableName = 'ElevateDigital-EnquiriesTable7DAAED76-1A2B3C4D5E6F'
const queueArn = 'arn:aws:sqs:eu-west-2:123456789012:ElevateDigital-EnquirySenderFailedRecords'
const tableArn = `arn:aws:dynamodb:eu-west-2:123456789012:table/${tableName}`

export class MigratingAccount {
  /** Where the table belongs: the old site stack, no stack (released), or the data stack. */
  tableIn: 'site' | 'none' | 'data' = 'site'
  /** The table's stream: none, as a table deployed before the enquiry sender has. */
  stream: { viewType: string; arn: string } | undefined
  /** A describe-table after an update answers UPDATING once, as DynamoDB does for a while. */
  private updating = false
  /** The data stack's template's view of the table's stream (the CDK app's: NEW_IMAGE). */
  readonly templateStream = 'NEW_IMAGE'
  mapping: EventSourceMappingConfiguration | undefined
  /** Whether a step compared templates only (`cdk diff`): no proof of the live table. */
  templatesCompared = false
  private readonly mocks = {
    cfn: mockClient(CloudFormationClient),
    dynamodb: mockClient(DynamoDBClient),
    lambda: mockClient(LambdaClient),
  }

  constructor() {
    const { cfn, dynamodb, lambda } = this.mocks
    dynamodb.on(DescribeTableCommand, { TableName: tableName }).callsFake(async () => {
      const status = this.updating ? 'UPDATING' : 'ACTIVE'
      this.updating = false
      return {
        Table: {
          TableName: tableName,
          TableArn: tableArn,
          TableStatus: status,
          DeletionProtectionEnabled: true,
          KeySchema: [{ AttributeName: enquiryTable.partitionKey, KeyType: 'HASH' }],
          GlobalSecondaryIndexes: [{ IndexName: enquiryTable.pendingEmailIndex.name }],
          ...(this.stream && {
            StreamSpecification: { StreamEnabled: true, StreamViewType: this.stream.viewType },
            LatestStreamArn: this.stream.arn,
          }),
        },
      }
    })
    dynamodb.on(UpdateTableCommand).callsFake(async (input) => {
      if (this.stream)
        throw Object.assign(new Error('Table already has an enabled stream'), {
          name: 'ValidationException',
        })
      const view = input.StreamSpecification?.StreamViewType
      if (input.StreamSpecification?.StreamEnabled && view) {
        this.stream = { viewType: view, arn: `${tableArn}/stream/2026-11-28T09:00:00.000` }
        this.updating = true
      }
      return {}
    })
    dynamodb.on(DescribeTimeToLiveCommand).resolves({
      TimeToLiveDescription: { TimeToLiveStatus: 'ENABLED', AttributeName: 'expiresAt' },
    })
    dynamodb.on(DescribeContinuousBackupsCommand).resolves({
      ContinuousBackupsDescription: {
        ContinuousBackupsStatus: 'ENABLED',
        PointInTimeRecoveryDescription: { PointInTimeRecoveryStatus: 'ENABLED' },
      },
    })
    cfn.on(DescribeStacksCommand).callsFake(async ({ StackName }) => {
      const stack = this.stacks()[StackName as string]
      if (!stack) {
        throw Object.assign(new Error(`Stack with id ${StackName} does not exist`), {
          name: 'ValidationError',
        })
      }
      return { Stacks: [stack] }
    })
    let polls = 0
    cfn.on(DetectStackDriftCommand).callsFake(async () => {
      polls = 0
      return { StackDriftDetectionId: 'drift-1' }
    })
    // In progress once, then over: the check waits for it.
    cfn.on(DescribeStackDriftDetectionStatusCommand).callsFake(async () => ({
      StackId: 'ElevateDigital-Data',
      StackDriftDetectionId: 'drift-1',
      DetectionStatus: polls++ === 0 ? 'DETECTION_IN_PROGRESS' : 'DETECTION_COMPLETE',
      StackDriftStatus: this.streamAsTemplate() ? 'IN_SYNC' : 'DRIFTED',
      Timestamp: new Date(),
    }))
    cfn.on(DescribeStackResourceDriftsCommand).callsFake(async () => ({
      StackResourceDrifts: this.streamAsTemplate()
        ? []
        : [
            {
              StackId: 'ElevateDigital-Data',
              LogicalResourceId: 'EnquiriesTable7DAAED76',
              ResourceType: 'AWS::DynamoDB::GlobalTable',
              StackResourceDriftStatus: 'MODIFIED',
              Timestamp: new Date(),
              PropertyDifferences: [
                {
                  PropertyPath: '/StreamSpecification',
                  ExpectedValue: JSON.stringify({ StreamViewType: this.templateStream }),
                  ActualValue: 'null',
                  DifferenceType: 'REMOVE',
                },
              ],
            },
          ],
    }))
    lambda
      .on(ListEventSourceMappingsCommand)
      .callsFake(async () => ({ EventSourceMappings: this.mapping ? [this.mapping] : [] }))
  }

  private streamAsTemplate() {
    return this.stream?.viewType === this.templateStream
  }

  private stacks(): Record<string, Stack> {
    const stack = (name: string, outputs: Record<string, string>): Stack => ({
      StackName: name,
      StackStatus: 'UPDATE_COMPLETE',
      CreationTime: new Date(),
      Outputs: Object.entries(outputs).map(([OutputKey, OutputValue]) => ({
        OutputKey,
        OutputValue,
      })),
    })
    const senderOutputs: Record<string, string> = this.mapping
      ? {
          EnquirySenderFunctionName: 'ElevateDigital-EnquirySenderSenderFunction',
          EnquirySenderFailedRecordsQueueArn: queueArn,
        }
      : {}
    return {
      ElevateDigital: stack('ElevateDigital', senderOutputs),
      ...(this.tableIn === 'data' && {
        'ElevateDigital-Data': stack('ElevateDigital-Data', { EnquiriesTableName: tableName }),
      }),
    }
  }

  /** Step 3: the site stack deployed with `-c migrate*`: the table retained, in no stack. */
  release() {
    if (this.tableIn !== 'site') throw new Error('step 3: the table is not in the site stack')
    this.tableIn = 'none'
  }

  /** Step 4's `cdk import`: the data stack created around the table, which is adopted as it is. */
  importIntoDataStack() {
    if (this.tableIn !== 'none') throw new Error('cdk import: the table still belongs to a stack')
    this.tableIn = 'data'
  }

  /**
   * Step 5's deploy: the data stack's outputs resolve `GetAtt StreamArn` for the site stack,
   * which then creates the enquiry sender's trigger on that stream.
   */
  deploy() {
    if (this.tableIn !== 'data') throw new Error('deploy: the table is in no data stack yet')
    if (!this.stream) {
      throw new Error(
        'ElevateDigital-Data UPDATE_ROLLBACK_COMPLETE: the table has no stream, so GetAtt StreamArn fails',
      )
    }
    this.mapping = {
      UUID: '0a1b2c3d-0000-4000-8000-000000000000',
      EventSourceArn: this.stream.arn,
      State: 'Enabled',
      LastProcessingResult: 'No records processed',
      DestinationConfig: { OnFailure: { Destination: queueArn } },
    }
  }

  restore() {
    for (const mock of Object.values(this.mocks)) mock.restore()
  }
}
