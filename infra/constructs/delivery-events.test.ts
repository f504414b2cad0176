import { Match, type Template } from 'aws-cdk-lib/assertions'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DELIVERY_EVENTS_SERVICE, METRICS_NAMESPACE } from '#shared/delivery-metrics.ts'
import {
  actionsOfRole,
  logicalIdOf as idOf,
  tlsOnlyTopicPolicy,
} from '../testing/site-templates.ts'
import { type Synthesised, synthesise } from '../testing/synthesise-app.ts'

// biome-ignore lint/suspicious/noExplicitAny: synthesised CloudFormation is untyped JSON
type Cfn = any

describe('delivery events in the deployed stack', () => {
  let synth: Synthesised
  let template: Template
  beforeAll(() => {
    synth = synthesise()
    template = synth.site
  }, 120_000)
  afterAll(() => synth?.dispose())

  it('stays clean under cdk-nag', () => {
    expect(synth.violations).toEqual([])
  })

  it('publishes delivery, bounce, complaint, reject and delay events of the configuration set to an encrypted topic', () => {
    const topicId = idOf(template, 'AWS::SNS::Topic', 'DeliveryEvents')
    const setId = idOf(template, 'AWS::SES::ConfigurationSet', 'DeliveryEvents')
    template.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      ConfigurationSetName: { Ref: setId },
      EventDestination: {
        Enabled: true,
        MatchingEventTypes: ['send', 'delivery', 'bounce', 'complaint', 'reject', 'deliveryDelay'],
        SnsDestination: { TopicARN: { Ref: topicId } },
      },
    })
    const topic = template.findResources('AWS::SNS::Topic')[topicId] as Cfn
    const keyId = idOf(template, 'AWS::KMS::Key', 'DeliveryEvents')
    expect(topic.Properties.KmsMasterKeyId).toEqual({ 'Fn::GetAtt': [keyId, 'Arn'] })
    template.hasResourceProperties('AWS::KMS::Key', {
      EnableKeyRotation: true,
      KeyPolicy: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Principal: { Service: 'ses.amazonaws.com' },
            Action: ['kms:Decrypt', 'kms:GenerateDataKey*'],
          }),
        ]),
      },
    })
    // SES may publish for this configuration set only; nothing may publish without TLS.
    template.hasResourceProperties(
      'AWS::SNS::TopicPolicy',
      tlsOnlyTopicPolicy(topicId, {
        Principal: { Service: 'ses.amazonaws.com' },
        Condition: {
          StringEquals: Match.objectLike({
            'AWS:SourceArn': Match.objectLike({
              'Fn::Join': ['', Match.arrayWith([{ Ref: setId }])],
            }),
          }),
        },
      }),
    )
  })

  it('hands each event to the delivery-events function, which may only update and read enquiries', () => {
    const fnId = idOf(template, 'AWS::Lambda::Function', 'DeliveryEventsFunction')
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'lambda',
      Endpoint: { 'Fn::GetAtt': [fnId, 'Arn'] },
      TopicArn: { Ref: idOf(template, 'AWS::SNS::Topic', 'DeliveryEvents') },
    })
    const fn = template.findResources('AWS::Lambda::Function')[fnId] as Cfn
    expect(fn.Properties).toMatchObject({ Runtime: 'nodejs24.x', Architectures: ['arm64'] })
    expect(fn.Properties.Environment.Variables).toMatchObject({
      // The data stack's table, through that stack's output.
      ENQUIRIES_TABLE: {
        'Fn::GetStackOutput': expect.objectContaining({
          StackName: synth.stacks.data?.stackName,
          OutputName: expect.stringMatching(/^PublishOutputRefEnquiriesTable/),
        }),
      },
      STAGE: 'prod',
    })
    const roleId = idOf(template, 'AWS::IAM::Role', 'DeliveryEventsFunctionRole')
    const actions = actionsOfRole(template, roleId)
    expect(actions).toEqual([
      'dynamodb:GetItem',
      'dynamodb:UpdateItem',
      'logs:CreateLogStream',
      'logs:PutLogEvents',
      // Its on-failure destination, below.
      'sqs:GetQueueAttributes',
      'sqs:GetQueueUrl',
      'sqs:SendMessage',
    ])
  })

  it('keeps an event it failed on three times in an encrypted queue for 14 days, and pages ops', () => {
    const fnId = idOf(template, 'AWS::Lambda::Function', 'DeliveryEventsFunction')
    const queueId = idOf(template, 'AWS::SQS::Queue', 'DeliveryEventsFailedEvents')
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: fnId },
      MaximumRetryAttempts: 2,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queueId, 'Arn'] } } },
    })
    template.hasResourceProperties('AWS::SQS::Queue', {
      MessageRetentionPeriod: 14 * 24 * 3600,
      SqsManagedSseEnabled: true,
    })
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [queueId, 'QueueName'] } }],
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      AlarmActions: [{ Ref: idOf(template, 'AWS::SNS::Topic', 'Notifications') }],
    })
  })

  it('pages ops at the first bounce, complaint or reject, on the metrics the function emits', () => {
    const opsTopicId = idOf(template, 'AWS::SNS::Topic', 'Notifications')
    for (const metricName of ['EnquiryBounced', 'EnquiryComplained', 'EnquiryRejected']) {
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: METRICS_NAMESPACE,
        MetricName: metricName,
        Dimensions: [
          { Name: 'service', Value: DELIVERY_EVENTS_SERVICE },
          { Name: 'stage', Value: 'prod' },
        ],
        Statistic: 'Sum',
        Period: 60,
        EvaluationPeriods: 1,
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        TreatMissingData: 'notBreaching',
        AlarmActions: [{ Ref: opsTopicId }],
        OKActions: [{ Ref: opsTopicId }],
      })
    }
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/Lambda',
      MetricName: 'Errors',
      Dimensions: [
        {
          Name: 'FunctionName',
          Value: { Ref: idOf(template, 'AWS::Lambda::Function', 'DeliveryEventsFunction') },
        },
      ],
      AlarmActions: [{ Ref: opsTopicId }],
    })
  })
})
