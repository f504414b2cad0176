import { ApiGatewayV2Client, GetStageCommand } from '@aws-sdk/client-apigatewayv2'
import {
  CloudFormationClient,
  DescribeStackDriftDetectionStatusCommand,
  DescribeStackResourceDriftsCommand,
  DescribeStacksCommand,
  DetectStackDriftCommand,
  GetTemplateCommand,
  ListStackResourcesCommand,
} from '@aws-sdk/client-cloudformation'
import { CloudWatchClient, GetMetricStatisticsCommand } from '@aws-sdk/client-cloudwatch'
import { CloudWatchLogsClient, DescribeLogGroupsCommand } from '@aws-sdk/client-cloudwatch-logs'
import {
  type AttributeValue,
  DescribeContinuousBackupsCommand,
  DescribeKinesisStreamingDestinationCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  ListBackupsCommand,
  ScanCommand,
} from '@aws-sdk/client-dynamodb'
import { GetFunctionConfigurationCommand, LambdaClient } from '@aws-sdk/client-lambda'
import {
  GetBucketLifecycleConfigurationCommand,
  GetBucketReplicationCommand,
  GetBucketVersioningCommand,
  GetObjectLockConfigurationCommand,
  PutObjectCommand,
  type PutObjectCommandInput,
  S3Client,
} from '@aws-sdk/client-s3'
import { GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs'
import { mockClient } from 'aws-sdk-client-mock'
import type { StackLocation } from '#functions/retention-audit/live/stacks.ts'
import { resourcePool, type StackTemplate } from '#functions/retention-audit/template-pool.ts'

/**
 * A stage's account as aws-sdk-client-mock answers for it: the synthesised templates deployed as
 * they are, healthy, or with one thing broken the way a console change at 2 a.m. would break it.
 * For the live retention check's tests (ops/retention-audit/deployed.test.ts).
 */

export interface Breakage {
  readonly ttl?: 'disabled' | 'other attribute'
  readonly pitrDays?: number
  /** The contact function's log group without a retention. */
  readonly logGroupWithoutRetention?: boolean
  /** The access-log bucket without its lifecycle rule. */
  readonly bucketWithoutExpiry?: boolean
  /** The data stack drifted (a log group's retention changed by hand). */
  readonly drift?: boolean
  /** Refuses this command's calls (its class name, e.g. `DescribeContinuousBackupsCommand`). */
  readonly accessDenied?: string
  /** Never answers this command's calls. */
  readonly hung?: string
}

const account = '123456789012'
const error = (name: string, message = name) => Object.assign(new Error(message), { name })

/** Each resource's physical id, as CloudFormation would generate it. */
function physicalId(stack: StackLocation, id: string, type: string): string {
  const generated = `${stack.stackName}-${id}`.slice(0, 60)
  switch (type) {
    case 'AWS::S3::Bucket':
      return `${generated.toLowerCase()}-1a2b3c`
    case 'AWS::SQS::Queue':
      return `https://sqs.${stack.region}.amazonaws.com/${account}/${generated}`
    case 'AWS::ApiGatewayV2::Api':
      return 'a1b2c3d4e5'
    case 'AWS::ApiGatewayV2::Stage':
      return '$default'
    default:
      return generated
  }
}

/** An item's timestamps as the table holds them. */
export function storedItem(createdAt: Date, expiresAt: Date, synthetic = false) {
  return {
    createdAt: { S: createdAt.toISOString() },
    expiresAt: { N: String(Math.floor(expiresAt.getTime() / 1000)) },
    ...(synthetic && { synthetic: { BOOL: true } }),
  } satisfies Record<string, AttributeValue>
}

export function mockAccount(
  stacks: readonly (StackTemplate & StackLocation)[],
  options: {
    readonly breakage?: Breakage
    readonly items?: readonly Record<string, AttributeValue>[]
  } = {},
) {
  const broken = options.breakage ?? {}
  const items = options.items ?? []
  const physical = new Map<string, string>()
  for (const stack of stacks) {
    for (const [id, resource] of Object.entries(stack.template.Resources ?? {})) {
      physical.set(`${stack.stackName}/${id}`, physicalId(stack, id, String(resource?.Type)))
    }
  }
  const pool = resourcePool(stacks)
  const resolve = (value: unknown, from: string) =>
    typeof value === 'string' ? value : physical.get(pool.target(value, from) ?? '')
  const byStack = (name: string) => {
    const stack = stacks.find((s) => s.stackName === name)
    if (!stack) throw error('ValidationError', `Stack with id ${name} does not exist`)
    return stack
  }
  const logGroups = pool.ofType('AWS::Logs::LogGroup').map((group) => ({
    region: group.region,
    logGroupName: physical.get(group.key) as string,
    ...(!(broken.logGroupWithoutRetention && group.key.includes('ContactLogs')) && {
      retentionInDays: Number(group.props.RetentionInDays ?? 30),
    }),
  }))
  const logBucket = pool
    .ofType('AWS::S3::Bucket')
    .find((bucket) =>
      bucket.props.LifecycleConfiguration?.Rules?.some(
        (r: { ExpirationInDays?: number }) => r.ExpirationInDays,
      ),
    )

  const mocks = [
    mockClient(CloudFormationClient),
    mockClient(DynamoDBClient),
    mockClient(CloudWatchClient),
    mockClient(CloudWatchLogsClient),
    mockClient(LambdaClient),
    mockClient(ApiGatewayV2Client),
    mockClient(S3Client),
    mockClient(SQSClient),
  ] as const
  const [cfn, dynamodb, cloudwatch, logs, lambda, api, s3, sqs] = mocks
  // biome-ignore lint/suspicious/noExplicitAny: each stub's command and answer types differ
  const on = (stub: any, Command: any, answer: (input: any) => unknown) =>
    // biome-ignore lint/suspicious/noExplicitAny: the stub's client
    stub.on(Command).callsFake(async (input: any, getClient: () => any) => {
      if (broken.hung === Command.name) return new Promise(() => {})
      if (broken.accessDenied === Command.name) {
        throw error(
          'AccessDeniedException',
          `User: arn:aws:sts::${account}:assumed-role/auditor is not authorized to perform this action`,
        )
      }
      return answer({ ...input, region: await getClient().config.region() })
    })

  on(cfn, DescribeStacksCommand, ({ StackName }) => ({
    Stacks: [{ StackName: byStack(StackName).stackName, StackStatus: 'UPDATE_COMPLETE' }],
  }))
  on(cfn, GetTemplateCommand, ({ StackName }) => ({
    TemplateBody: JSON.stringify(byStack(StackName).template),
  }))
  on(cfn, ListStackResourcesCommand, ({ StackName }) => {
    const stack = byStack(StackName)
    return {
      StackResourceSummaries: Object.entries(stack.template.Resources ?? {}).map(([id, r]) => ({
        LogicalResourceId: id,
        PhysicalResourceId: physical.get(`${stack.stackName}/${id}`),
        ResourceType: r?.Type,
      })),
    }
  })
  on(cfn, DetectStackDriftCommand, ({ StackName }) => ({ StackDriftDetectionId: StackName }))
  on(cfn, DescribeStackDriftDetectionStatusCommand, ({ StackDriftDetectionId }) => ({
    DetectionStatus: 'DETECTION_COMPLETE',
    StackDriftStatus:
      broken.drift && StackDriftDetectionId.endsWith('-Data') ? 'DRIFTED' : 'IN_SYNC',
  }))
  on(cfn, DescribeStackResourceDriftsCommand, () => ({
    StackResourceDrifts: [
      {
        LogicalResourceId: 'EnquiriesTable7DAAED76',
        ResourceType: 'AWS::DynamoDB::GlobalTable',
        StackResourceDriftStatus: 'MODIFIED',
        PropertyDifferences: [{ PropertyPath: '/TimeToLiveSpecification/Enabled' }],
      },
    ],
  }))

  on(dynamodb, DescribeTimeToLiveCommand, () => ({
    TimeToLiveDescription:
      broken.ttl === 'disabled'
        ? { TimeToLiveStatus: 'DISABLED' }
        : {
            TimeToLiveStatus: 'ENABLED',
            AttributeName: broken.ttl === 'other attribute' ? 'expiry' : 'expiresAt',
          },
  }))
  on(dynamodb, DescribeContinuousBackupsCommand, () => ({
    ContinuousBackupsDescription: {
      ContinuousBackupsStatus: 'ENABLED',
      PointInTimeRecoveryDescription: {
        PointInTimeRecoveryStatus: 'ENABLED',
        RecoveryPeriodInDays: broken.pitrDays ?? 35,
      },
    },
  }))
  on(dynamodb, DescribeTableCommand, ({ TableName }) => ({
    Table: {
      TableName,
      ItemCount: items.length,
      StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
    },
  }))
  on(dynamodb, DescribeKinesisStreamingDestinationCommand, () => ({
    KinesisDataStreamDestinations: [],
  }))
  on(dynamodb, ListBackupsCommand, () => ({ BackupSummaries: [] }))
  on(
    dynamodb,
    ScanCommand,
    ({ Segment = 0, TotalSegments = 1, ExclusiveStartKey, Limit = 100 }) => {
      const mine = items.filter((_, index) => index % TotalSegments === Segment)
      const start = ExclusiveStartKey ? Number(ExclusiveStartKey.at?.N) : 0
      const page = mine.slice(start, start + Limit)
      const next = start + Limit
      return {
        Items: page,
        ...(next < mine.length && { LastEvaluatedKey: { at: { N: String(next) } } }),
      }
    },
  )
  on(cloudwatch, GetMetricStatisticsCommand, () => ({ Datapoints: [{ Sum: 41 }, { Sum: 1 }] }))

  on(lambda, GetFunctionConfigurationCommand, ({ FunctionName }) => {
    const fn = pool
      .ofType('AWS::Lambda::Function')
      .find((f) => physical.get(f.key) === FunctionName)
    if (!fn) throw error('ResourceNotFoundException', `Function not found: ${FunctionName}`)
    const group = fn.props.LoggingConfig?.LogGroup
    return {
      FunctionName,
      Description: fn.props.Description,
      ...(group && { LoggingConfig: { LogGroup: resolve(group, fn.key) } }),
    }
  })
  on(api, GetStageCommand, () => {
    const stage = pool.ofType('AWS::ApiGatewayV2::Stage')[0]
    const arn = stage?.props.AccessLogSettings?.DestinationArn
    const group = arn && resolve(arn, stage.key)
    return {
      ...(group && {
        AccessLogSettings: {
          DestinationArn: `arn:aws:logs:eu-west-2:${account}:log-group:${group}`,
        },
      }),
    }
  })
  on(logs, DescribeLogGroupsCommand, ({ logGroupNamePrefix = '', region }) => ({
    logGroups: logGroups
      .filter(
        (group) => group.region === region && group.logGroupName.startsWith(logGroupNamePrefix),
      )
      .map(({ region: _, ...group }) => group),
  }))

  on(s3, GetBucketLifecycleConfigurationCommand, ({ Bucket }) => {
    if (broken.bucketWithoutExpiry && logBucket && Bucket === physical.get(logBucket.key)) {
      throw error('NoSuchLifecycleConfiguration', 'The lifecycle configuration does not exist')
    }
    return {
      Rules: [
        { ID: 'expire-access-logs', Status: 'Enabled', Filter: {}, Expiration: { Days: 90 } },
      ],
    }
  })
  on(s3, GetBucketVersioningCommand, () => ({}))
  on(s3, GetObjectLockConfigurationCommand, () => ({
    ObjectLockConfiguration: {
      ObjectLockEnabled: 'Enabled',
      Rule: { DefaultRetention: { Mode: 'COMPLIANCE', Years: 6 } },
    },
  }))
  on(s3, GetBucketReplicationCommand, () => {
    throw error(
      'ReplicationConfigurationNotFoundError',
      'The replication configuration was not found',
    )
  })
  on(sqs, GetQueueAttributesCommand, () => ({
    Attributes: { MessageRetentionPeriod: String(14 * 86_400) },
  }))

  const puts: PutObjectCommandInput[] = []
  on(s3, PutObjectCommand, (input) => {
    const { region: _, ...put } = input
    puts.push(put)
    return { ChecksumSHA256: 'x' }
  })
  return {
    /** What was written to S3 (the evidence reports). */
    puts,
    restore: () => {
      for (const mock of mocks) mock.restore()
    },
  }
}
