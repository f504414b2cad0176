import { ApiGatewayV2Client, GetApiCommand } from '@aws-sdk/client-apigatewayv2'
import {
  CloudFormationClient,
  DescribeStacksCommand,
  ListStackResourcesCommand,
  type Stack,
} from '@aws-sdk/client-cloudformation'
import {
  CloudWatchClient,
  DescribeAlarmsCommand,
  type MetricAlarm,
} from '@aws-sdk/client-cloudwatch'
import {
  DescribeContinuousBackupsCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
} from '@aws-sdk/client-dynamodb'
import {
  DescribeRuleCommand,
  EventBridgeClient,
  ListRuleNamesByTargetCommand,
} from '@aws-sdk/client-eventbridge'
import {
  type EventSourceMappingConfiguration,
  GetFunctionCommand,
  GetFunctionEventInvokeConfigCommand,
  LambdaClient,
  ListEventSourceMappingsCommand,
} from '@aws-sdk/client-lambda'
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager'
import { GetAccountCommand, GetEmailIdentityCommand, SESv2Client } from '@aws-sdk/client-sesv2'
import { ListSubscriptionsByTopicCommand, SNSClient, type Subscription } from '@aws-sdk/client-sns'
import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm'
import { mockClient } from 'aws-sdk-client-mock'
import { localTableName } from '#local/pipeline.ts'

/**
 * A recorded AWS account holding one healthy deployment of the committed prod stage, as
 * `npm run verify` reads it (aws-sdk-client-mock): its four stacks, table and its stream, the
 * functions and the sender's stream trigger, schedules, SES, the distribution id's parameter,
 * the alarms and who confirmed their topics, and the canary's synthetic key (held by the local
 * pipeline under test too). Tests change one answer at a time.
 */
export const distributionId = 'E2EXAMPLE'
export const queueArn = 'arn:aws:sqs:eu-west-2:123456789012:failed-events'
export const senderQueueArn = 'arn:aws:sqs:eu-west-2:123456789012:sender-failed-records'
export const streamArn =
  'arn:aws:dynamodb:eu-west-2:123456789012:table/enquiries/stream/2026-11-27T10:00:00.000'
export const opsTopicArn = 'arn:aws:sns:eu-west-2:123456789012:ElevateDigital-OpsTopic'
export const edgeTopicArn = 'arn:aws:sns:us-east-1:123456789012:ElevateDigital-EdgeMonitoring-Ops'
export const canaryKeySecretArn =
  'arn:aws:secretsmanager:eu-west-2:123456789012:secret:ContactApiSyntheticKey-AbCdEf'
/** The stage's synthetic key as its secret holds it: the local pipeline under test holds it too. */
export const recordedSyntheticKey = 'recorded-synthetic-key-0123456789abcdefghijklmnopqrstuv'
const makeDynamoDbMock = () => mockClient(DynamoDBClient)
let dynamodb: ReturnType<typeof makeDynamoDbMock> | undefined
export const mocks = {
  cfn: mockClient(CloudFormationClient),
  api: mockClient(ApiGatewayV2Client),
  cloudWatch: mockClient(CloudWatchClient),
  events: mockClient(EventBridgeClient),
  lambda: mockClient(LambdaClient),
  ses: mockClient(SESv2Client),
  ssm: mockClient(SSMClient),
  secrets: mockClient(SecretsManagerClient),
  sns: mockClient(SNSClient),
}

/**
 * DynamoDB's mock, made only once the local pipeline is up: the pipeline's own client must reach
 * dynalite while it starts (a mock stubs every client of its class).
 */
export function mockDynamoDb() {
  dynamodb = makeDynamoDbMock()
  return dynamodb
}

export function restoreAll() {
  for (const mock of Object.values(mocks)) mock.restore()
  dynamodb?.restore()
}

export const stack = (name: string, more: Partial<Stack> = {}): Stack => ({
  StackName: name,
  StackStatus: 'UPDATE_COMPLETE',
  CreationTime: new Date(),
  ...more,
})
export const alarm = (name: string, more: Partial<MetricAlarm>): MetricAlarm => ({
  AlarmName: name,
  ...more,
})

/** The site stack's outputs of a healthy deployment whose site is at `siteUrl`. */
export const healthySiteOutputs = (siteUrl: string): Record<string, string> => ({
  SiteUrl: siteUrl,
  DistributionId: distributionId,
  ContactApiId: 'a1b2c3',
  ContactApiEndpoint: 'https://a1b2c3.execute-api.eu-west-2.amazonaws.com',
  DeliveryEventsFunctionName: 'delivery-events',
  DeliveryEventsFailedQueueArn: queueArn,
  RetryScheduleName: 'retry-rule',
  DigestScheduleName: 'digest-rule',
  CanaryName: 'canary-fn',
  CanaryAlarmName: 'canary-alarm',
  CanaryKeySecretArn: canaryKeySecretArn,
  EnquirySenderFunctionName: 'enquiry-sender',
  EnquirySenderFailedRecordsQueueArn: senderQueueArn,
})

/**
 * The stage's alarms, by stack, as DescribeAlarms answers them (a test may change one): the
 * site stack's, each telling the ops topic, and the CloudFront alarm in us-east-1.
 */
export const recordedAlarms: Record<string, MetricAlarm[]> = {}
/** Each topic's subscriptions, as ListSubscriptionsByTopic answers (a test may change them). */
export const recordedSubscriptions: Record<string, Subscription[]> = {}
/** The sender's stream trigger, as ListEventSourceMappings answers (a test may change it). */
export const recordedMapping: { current: EventSourceMappingConfiguration } = { current: {} }

const confirmed = (topic: string): Subscription => ({
  TopicArn: topic,
  SubscriptionArn: `${topic}:5e1d2c3b-0000-4000-8000-000000000000`,
  Protocol: 'email',
  Endpoint: 'ops@elevate-digital.example',
})

/**
 * Every mock answering as the committed prod stage's healthy deployment does, its site stack
 * with `siteOutputs` (read on each call, so a test may change them).
 */
export function answerAsHealthy(siteOutputs: Record<string, string>) {
  for (const mock of Object.values(mocks)) mock.reset()
  dynamodb?.reset()
  mocks.cfn.on(DescribeStacksCommand).callsFake(async ({ StackName }) => {
    const outputs = (values: Record<string, string>) =>
      Object.entries(values).map(([OutputKey, OutputValue]) => ({ OutputKey, OutputValue }))
    if (StackName === 'ElevateDigital')
      return { Stacks: [stack(StackName, { Outputs: outputs(siteOutputs) })] }
    if (StackName === 'ElevateDigital-Data') {
      return {
        Stacks: [
          stack(StackName, {
            EnableTerminationProtection: true,
            // The local pipeline's table: verify's synthetic enquiry is read back there.
            Outputs: outputs({ EnquiriesTableName: localTableName }),
          }),
        ],
      }
    }
    return { Stacks: [stack(StackName)] }
  })
  const siteAlarm = (name: string, more: Partial<MetricAlarm> = {}) =>
    alarm(name, { StateValue: 'OK', AlarmActions: [opsTopicArn], ...more })
  recordedAlarms.ElevateDigital = [
    siteAlarm('canary-alarm'),
    siteAlarm('sender-errors'),
    siteAlarm('backlog-age'),
  ]
  recordedAlarms['ElevateDigital-EdgeMonitoring'] = [
    alarm('cdn-5xx', {
      StateValue: 'OK',
      AlarmActions: [edgeTopicArn],
      Dimensions: [
        { Name: 'DistributionId', Value: distributionId },
        { Name: 'Region', Value: 'Global' },
      ],
    }),
  ]
  for (const stackName of ['ElevateDigital-Edge', 'ElevateDigital-Data']) {
    recordedAlarms[stackName] = []
  }
  mocks.cfn.on(ListStackResourcesCommand).callsFake(async ({ StackName }) => ({
    StackResourceSummaries: (recordedAlarms[StackName] ?? []).map((metricAlarm) => ({
      ResourceType: 'AWS::CloudWatch::Alarm',
      PhysicalResourceId: metricAlarm.AlarmName,
      LogicalResourceId: 'a',
      ResourceStatus: 'CREATE_COMPLETE',
      LastUpdatedTimestamp: new Date(),
    })),
  }))
  mocks.cloudWatch.on(DescribeAlarmsCommand).callsFake(async ({ AlarmNames = [] }) => ({
    MetricAlarms: Object.values(recordedAlarms)
      .flat()
      .filter((metricAlarm) => AlarmNames.includes(metricAlarm.AlarmName ?? '')),
  }))
  for (const topic of [opsTopicArn, edgeTopicArn]) recordedSubscriptions[topic] = [confirmed(topic)]
  mocks.sns
    .on(ListSubscriptionsByTopicCommand)
    .callsFake(async ({ TopicArn }) => ({ Subscriptions: recordedSubscriptions[TopicArn] ?? [] }))
  mocks.api.on(GetApiCommand).resolves({
    Name: 'api',
    ProtocolType: 'HTTP',
    RouteSelectionExpression: 'x',
    ApiEndpoint: siteOutputs.ContactApiEndpoint,
    DisableExecuteApiEndpoint: true,
  })
  dynamodb?.on(DescribeTimeToLiveCommand).resolves({
    TimeToLiveDescription: { TimeToLiveStatus: 'ENABLED', AttributeName: 'expiresAt' },
  })
  dynamodb?.on(DescribeTableCommand).resolves({ Table: healthyTable })
  dynamodb?.on(DescribeContinuousBackupsCommand).resolves({
    ContinuousBackupsDescription: {
      ContinuousBackupsStatus: 'ENABLED',
      PointInTimeRecoveryDescription: { PointInTimeRecoveryStatus: 'ENABLED' },
    },
  })
  mocks.lambda
    .on(GetFunctionEventInvokeConfigCommand)
    .resolves({ DestinationConfig: { OnFailure: { Destination: queueArn } } })
  recordedMapping.current = {
    UUID: '6f1e2d3c-0000-4000-8000-000000000000',
    EventSourceArn: streamArn,
    FunctionArn: 'arn:aws:lambda:eu-west-2:123456789012:function:enquiry-sender',
    State: 'Enabled',
    LastProcessingResult: 'OK',
    DestinationConfig: { OnFailure: { Destination: senderQueueArn } },
  }
  mocks.lambda
    .on(ListEventSourceMappingsCommand)
    .callsFake(async () => ({ EventSourceMappings: [recordedMapping.current] }))
  mocks.lambda.on(GetFunctionCommand).resolves({
    Configuration: { FunctionArn: 'arn:aws:lambda:eu-west-2:123456789012:function:canary-fn' },
  })
  mocks.events.on(DescribeRuleCommand).resolves({ State: 'ENABLED' })
  mocks.events.on(ListRuleNamesByTargetCommand).resolves({ RuleNames: ['canary-rule'] })
  mocks.ses
    .on(GetAccountCommand)
    .resolves({ SendingEnabled: true, EnforcementStatus: 'HEALTHY', ProductionAccessEnabled: true })
  mocks.ses.on(GetEmailIdentityCommand).resolves(healthyIdentity)
  mocks.ssm.on(GetParameterCommand).resolves({ Parameter: { Value: distributionId } })
  mocks.secrets
    .on(GetSecretValueCommand, { SecretId: canaryKeySecretArn })
    .resolves({ SecretString: recordedSyntheticKey })
}

/** The sender's domain identity as SES tells it: verified, DKIM signing, its MAIL FROM found. */
export const healthyIdentity = {
  IdentityType: 'DOMAIN',
  VerifiedForSendingStatus: true,
  DkimAttributes: { Status: 'SUCCESS' },
  MailFromAttributes: {
    MailFromDomain: 'mail.elevate-digital.example',
    MailFromDomainStatus: 'SUCCESS',
    BehaviorOnMxFailure: 'USE_DEFAULT_VALUE',
  },
} as const

/** The enquiries table as describe-table tells it: its stream on as the sender needs, protected. */
export const healthyTable = {
  TableName: localTableName,
  TableStatus: 'ACTIVE',
  DeletionProtectionEnabled: true,
  StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_IMAGE' },
  LatestStreamArn: streamArn,
} as const
