import { Duration, Stack, Validations } from 'aws-cdk-lib'
import {
  Alarm,
  ComparisonOperator,
  type Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch'
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions'
import { Grant } from 'aws-cdk-lib/aws-iam'
import { FilterCriteria, type IFunction, StartingPosition } from 'aws-cdk-lib/aws-lambda'
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources'
import { RetentionDays } from 'aws-cdk-lib/aws-logs'
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs'
import { Construct } from 'constructs'
import { enquiryTable, newPendingEnquiryFilter } from '#shared/enquiry-table.ts'
import { pipelineMetrics } from './contact-api.ts'
import { firstOccurrenceAlarm } from './first-occurrence-alarm.ts'
import { handlerEntry, nodeFunction } from './node-function.ts'
import { type PipelineFunctionProps, pipelineEnvironment } from './pipeline-function-props.ts'
import { pipelineMetric } from './pipeline-metric.ts'

export interface EnquirySenderProps extends PipelineFunctionProps {
  /**
   * How far behind the stream the sender may fall before ops are told (the retry sends what is
   * owed after a minute meanwhile).
   * @default Duration.minutes(5)
   */
  readonly maxIteratorAge?: Duration
}

/**
 * The function the enquiries table's stream starts for each new pending enquiry: it e-mails the
 * agency (docs/decisions/0034-send-from-the-table-stream.md). The contact function only stores;
 * the scheduled retry stays the safety net. A record that fails past its retries goes to a queue
 * whose alarm, with the function's errors and the stream's iterator age, tells ops.
 */
export class EnquirySender extends Construct {
  readonly function: IFunction
  /** Stream records the sender failed on three times (their enquiries are the retry's). */
  readonly failedRecords: Queue
  readonly alarms: Alarm[] = []
  /** Its sends SES gave no answer to in time (count per period). */
  readonly outcomeUnknownMetric: Metric

  constructor(scope: Construct, id: string, props: EnquirySenderProps) {
    super(scope, id)
    const table = props.table
    if (!table.tableStreamArn) {
      throw new Error('EnquirySender needs the enquiries table with its stream (tableStreamArn)')
    }
    const stage = props.stage ?? Stack.of(this).stackName
    const sender = nodeFunction(this, 'Sender', {
      entry: handlerEntry('enquiry-sender', props.functionsDirectory),
      description: 'E-mails each new enquiry to the agency, started by the table stream',
      memorySize: 512,
      // A batch of up to 10 at once, their starts paced at 5 a second (the last at 1.8 s): each
      // reads and counts repeats within 8 s, then claims, waits up to 15 s for SES and records
      // within 10 s (HOLDER_RUNS_AT_MOST_MS, 27 s): over by about 37 s. Each claim's lease is
      // sized to what is left of this timeout, so a killed sender's claims lapse within a minute.
      timeout: Duration.seconds(45),
      environment: pipelineEnvironment(props, stage),
      retention: props.logRetention ?? RetentionDays.ONE_MONTH,
    })
    this.function = sender.fn
    this.outcomeUnknownMetric = pipelineMetric(
      'enquiry-sender',
      stage,
      pipelineMetrics.outcomeUnknown,
      { statistic: 'Sum', period: Duration.minutes(5) },
    )

    this.failedRecords = new Queue(this, 'FailedRecords', {
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    })
    Validations.of(this.failedRecords).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason:
        "It is a dead-letter queue: the enquiry sender's on-failure destination, which cdk-nag " +
        'recognises only in a redrive policy.',
    })
    sender.fn.addEventSource(
      new DynamoEventSource(table, {
        startingPosition: StartingPosition.LATEST,
        batchSize: 10,
        // One batch of a shard at a time: an enquiry form's few writes a second need no more.
        parallelizationFactor: 1,
        retryAttempts: 2,
        bisectBatchOnError: true,
        reportBatchItemFailures: true,
        // Past an hour the retry has long sent it: the record is only a duplicate trigger.
        maxRecordAge: Duration.hours(1),
        onFailure: new SqsDlq(this.failedRecords),
        // New pending enquiries only: no invocation for held spam or any later update.
        filters: [FilterCriteria.filter(newPendingEnquiryFilter)],
      }),
    )

    // Least privilege, as send-new.ts and the claim → send → record path use the table: read an
    // item, update it (verdict, claim, outcome), count repeats on the by-message index. The
    // stream's own read actions come with the event source.
    Grant.addToPrincipal({
      grantee: sender.fn,
      actions: ['dynamodb:GetItem', 'dynamodb:UpdateItem'],
      resourceArns: [table.tableArn],
    })
    Grant.addToPrincipal({
      grantee: sender.fn,
      actions: ['dynamodb:Query'],
      resourceArns: [`${table.tableArn}/index/${enquiryTable.messageIndex.name}`],
    })

    this.alarms.push(
      firstOccurrenceAlarm(this, 'FailedRecordsAlarm', {
        metric: this.failedRecords.metricApproximateNumberOfMessagesVisible({
          period: Duration.minutes(5),
          statistic: 'Maximum',
        }),
        description:
          'The enquiry sender failed on new enquiries three times: they are e-mailed by the ' +
          'retry a minute on, but the sender is broken. Its log group has the error ' +
          '(enquiry_sender_failed); the queue holds the records (docs/operations.md).',
        topic: props.opsTopic,
      }),
    )
    const iteratorAge: Metric = sender.fn.metric('IteratorAge', {
      period: Duration.minutes(5),
      statistic: 'Maximum',
    })
    const late = new Alarm(this, 'IteratorAgeAlarm', {
      metric: iteratorAge,
      alarmDescription:
        'The enquiry sender is falling behind the table stream: new enquiries wait for their ' +
        'e-mail (the retry sends them after a minute). Its log group says why.',
      threshold: (props.maxIteratorAge ?? Duration.minutes(5)).toMilliseconds(),
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    })
    const action = new SnsAction(props.opsTopic)
    late.addAlarmAction(action)
    late.addOkAction(action)
    this.alarms.push(late)
  }
}
