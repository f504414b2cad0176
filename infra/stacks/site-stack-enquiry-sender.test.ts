import { describe, expect, it } from 'vitest'
import { enquiryTable } from '../../shared/enquiry-table.ts'
import {
  bundledStage,
  type Cfn,
  getAtt,
  logicalIdOf,
  only,
  type Resource,
  statementsOfRole,
} from '../testing/site-templates.ts'

describe('the enquiry sender, started by the table stream', () => {
  const stage = bundledStage()
  const tableArn = (suffix = '') => ({
    'Fn::Join': [
      '',
      [
        'arn:aws:dynamodb:eu-west-2:',
        { Ref: 'AWS::AccountId' },
        ':table/',
        stage.fromData('EnquiriesTable'),
        ...(suffix ? [suffix] : []),
      ],
    ],
  })
  const writeLogs = (logGroupId: string) => ({
    Effect: 'Allow',
    Action: ['logs:CreateLogStream', 'logs:PutLogEvents'],
    Resource: getAtt(logGroupId, 'Arn'),
  })

  it('lets the enquiry sender read the stream, get and update items, count repeats, send, log', () => {
    const roleId = logicalIdOf(stage.template, 'AWS::IAM::Role', 'EnquirySenderSenderRole')
    const statements = statementsOfRole(stage.template, roleId)
    expect(statements).toEqual(
      expect.arrayContaining([
        writeLogs(logicalIdOf(stage.template, 'AWS::Logs::LogGroup', 'EnquirySenderSenderLogs')),
        {
          Effect: 'Allow',
          Action: ['dynamodb:GetItem', 'dynamodb:UpdateItem'],
          Resource: tableArn(),
        },
        {
          Effect: 'Allow',
          Action: ['dynamodb:Query'],
          Resource: tableArn(`/index/${enquiryTable.messageIndex.name}`),
        },
      ]),
    )
    const actions = statements.flatMap((statement: Cfn) => [statement.Action].flat())
    expect(actions).toEqual(
      expect.arrayContaining([
        'dynamodb:DescribeStream',
        'dynamodb:GetRecords',
        'dynamodb:GetShardIterator',
        'ses:SendEmail',
      ]),
    )
    // Reading records on the data stack's stream only, not on every stream.
    const readRecords = statements.find((statement: Cfn) =>
      [statement.Action].flat().includes('dynamodb:GetRecords'),
    )
    expect(readRecords?.Resource).not.toBe('*')
    // The above, the stream listing the event source needs, and its dead-letter queue.
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:ListStreams', 'sqs:SendMessage']))
    expect(statements).toHaveLength(6)
  })

  it('starts the sender for new pending enquiries only, retried, then kept for ops', () => {
    const [, mapping] = only(stage.template, 'AWS::Lambda::EventSourceMapping')
    expect(mapping.Properties).toMatchObject({
      StartingPosition: 'LATEST',
      MaximumRetryAttempts: 2,
      BisectBatchOnFunctionError: true,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      FilterCriteria: {
        Filters: [
          {
            Pattern: JSON.stringify({
              eventName: ['INSERT'],
              dynamodb: { NewImage: { emailPending: { S: ['PENDING'] } } },
            }),
          },
        ],
      },
      DestinationConfig: { OnFailure: { Destination: expect.anything() } },
    })
    const alarms = Object.values(
      stage.template.findResources('AWS::CloudWatch::Alarm'),
    ) as Resource[]
    const watched = alarms.map((alarm) => alarm.Properties.MetricName)
    expect(watched).toEqual(
      expect.arrayContaining(['IteratorAge', 'ApproximateNumberOfMessagesVisible', 'Errors']),
    )
  })
})
