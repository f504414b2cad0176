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
  DescribeTimeToLiveCommand,
  DynamoDBClient,
} from '@aws-sdk/client-dynamodb'
import {
  DescribeRuleCommand,
  EventBridgeClient,
  ListRuleNamesByTargetCommand,
} from '@aws-sdk/client-eventbridge'
import {
  GetFunctionCommand,
  GetFunctionEventInvokeConfigCommand,
  LambdaClient,
} from '@aws-sdk/client-lambda'
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager'
import { GetAccountCommand, GetEmailIdentityCommand, SESv2Client } from '@aws-sdk/client-sesv2'
import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm'
import { mockClient } from 'aws-sdk-client-mock'
import { localTableName } from '#local/pipeline.ts'

/**
 * A recorded AWS account holding one healthy deployment of the committed prod stage, as
 * `npm run verify` reads it (aws-sdk-client-mock): its stacks, table, function, schedules, SES,
 * the distribution id's parameter, the alarms and the canary's synthetic key (held by the local
 * pipeline under test too). Tests change one answer at a time.
 */
export const distributionId = 'E2EXAMPLE'
export const queueArn = 'arn:aws:sqs:eu-west-2:123456789012:failed-events'
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
  mocks.cfn.on(ListStackResourcesCommand, { StackName: 'ElevateDigital-EdgeMonitoring' }).resolves({
    StackResourceSummaries: [
      {
        ResourceType: 'AWS::CloudWatch::Alarm',
        PhysicalResourceId: 'cdn-5xx',
        LogicalResourceId: 'a',
        ResourceStatus: 'CREATE_COMPLETE',
        LastUpdatedTimestamp: new Date(),
      },
    ],
  })
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
  dynamodb?.on(DescribeContinuousBackupsCommand).resolves({
    ContinuousBackupsDescription: {
      ContinuousBackupsStatus: 'ENABLED',
      PointInTimeRecoveryDescription: { PointInTimeRecoveryStatus: 'ENABLED' },
    },
  })
  mocks.lambda
    .on(GetFunctionEventInvokeConfigCommand)
    .resolves({ DestinationConfig: { OnFailure: { Destination: queueArn } } })
  mocks.lambda.on(GetFunctionCommand).resolves({
    Configuration: { FunctionArn: 'arn:aws:lambda:eu-west-2:123456789012:function:canary-fn' },
  })
  mocks.events.on(DescribeRuleCommand).resolves({ State: 'ENABLED' })
  mocks.events.on(ListRuleNamesByTargetCommand).resolves({ RuleNames: ['canary-rule'] })
  mocks.ses
    .on(GetAccountCommand)
    .resolves({ SendingEnabled: true, EnforcementStatus: 'HEALTHY', ProductionAccessEnabled: true })
  mocks.ses.on(GetEmailIdentityCommand).resolves({
    IdentityType: 'DOMAIN',
    VerifiedForSendingStatus: true,
    DkimAttributes: { Status: 'SUCCESS' },
  })
  mocks.ssm.on(GetParameterCommand).resolves({ Parameter: { Value: distributionId } })
  mocks.secrets
    .on(GetSecretValueCommand, { SecretId: canaryKeySecretArn })
    .resolves({ SecretString: recordedSyntheticKey })
  mocks.cloudWatch.on(DescribeAlarmsCommand, { AlarmNames: ['cdn-5xx'] }).resolves({
    MetricAlarms: [
      alarm('cdn-5xx', {
        Dimensions: [
          { Name: 'DistributionId', Value: distributionId },
          { Name: 'Region', Value: 'Global' },
        ],
      }),
    ],
  })
  mocks.cloudWatch.on(DescribeAlarmsCommand, { AlarmNames: ['canary-alarm'] }).resolves({
    MetricAlarms: [alarm('canary-alarm', { StateValue: 'OK' })],
  })
}
