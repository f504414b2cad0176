import { describe, expect, it } from 'vitest'
import { enquiryTable } from '#shared/enquiry-table.ts'
import { bundledStage, type Cfn, only, type Resource } from '../testing/site-templates.ts'

describe('the enquiry sender, started by the table stream', () => {
  const stage = bundledStage()
  it('lets the enquiry sender read the stream, get and update items, count repeats, send, log', () => {
    const statements = stage.roleStatements('EnquirySenderSenderRole')
    expect(statements).toEqual(
      expect.arrayContaining([
        stage.writeLogs('EnquirySenderSenderLogs'),
        stage.onTable(['dynamodb:GetItem', 'dynamodb:UpdateItem']),
        stage.onTable(['dynamodb:Query'], enquiryTable.messageIndex.name),
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
