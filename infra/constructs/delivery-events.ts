import { Duration, Stack, Validations } from 'aws-cdk-lib'
import type { Alarm, Metric } from 'aws-cdk-lib/aws-cloudwatch'
import { Grant } from 'aws-cdk-lib/aws-iam'
import {
  Architecture,
  type IFunction,
  Function as LambdaFunction,
  Runtime,
} from 'aws-cdk-lib/aws-lambda'
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations'
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs'
import { RetentionDays } from 'aws-cdk-lib/aws-logs'
import { ConfigurationSet, EmailSendingEvent, EventDestination } from 'aws-cdk-lib/aws-ses'
import type { Topic } from 'aws-cdk-lib/aws-sns'
import { LambdaSubscription } from 'aws-cdk-lib/aws-sns-subscriptions'
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs'
import { Construct } from 'constructs'
import { DELIVERY_EVENTS_SERVICE, deliveryMetricNames } from '#shared/delivery-metrics.ts'
import { cdkBundling } from '../lambda-bundling.ts'
import { encryptedTopic } from './encrypted-topic.ts'
import { firstOccurrenceAlarm } from './first-occurrence-alarm.ts'
import { handlerEntry, roleWithOwnLogs } from './node-function.ts'
import { type PipelineFunctionProps, pipelineEnvironment } from './pipeline-function-props.ts'
import { pipelineMetric } from './pipeline-metric.ts'
import { enquiryMailScope, grantSesSend, type SesSendScope } from './ses-send-grant.ts'

export interface DeliveryEventsProps extends PipelineFunctionProps {
  /**
   * How long an event the function could not record stays in its dead-letter queue. It holds
   * what SES reported (the e-mail's subject, with the enquirer's name and company), so it is
   * personal data with a retention of its own.
   * @default Duration.days(14) (SQS's longest)
   */
  readonly failedEventRetention?: Duration
}

/**
 * Delivery you can see: the SES configuration set every enquiry e-mail is sent through, which
 * publishes what became of it (delivered, bounced, complained about, rejected, delayed) to an SNS
 * topic; the function that records each event on its enquiry; and alarms that page ops on the
 * first bounce, complaint or reject, since each means an enquiry nobody at the agency will read.
 */
export class DeliveryEvents extends Construct {
  readonly configurationSet: ConfigurationSet
  readonly topic: Topic
  readonly function: IFunction
  /**
   * Where an event goes when the function failed on it three times (SNS invokes it
   * asynchronously: one try and Lambda's two retries), instead of being dropped.
   */
  readonly failedEvents: Queue
  /**
   * The alarms on EnquiryBounced, EnquiryComplained, EnquiryRejected, the function's errors and
   * events waiting in the dead-letter queue.
   */
  readonly alarms: Alarm[] = []
  private readonly stage: string
  /** What the functions it tracks may send: from the sender, to the inbox (or the simulator). */
  private readonly sendScope: SesSendScope

  constructor(scope: Construct, id: string, props: DeliveryEventsProps) {
    super(scope, id)
    this.stage = props.stage ?? Stack.of(this).stackName
    this.sendScope = enquiryMailScope(props.senderEmail, props.agencyEmail)
    const retention = props.logRetention ?? RetentionDays.ONE_MONTH

    this.topic = encryptedTopic(this, 'Topic', {
      publisher: 'ses.amazonaws.com',
      keyDescription: 'Encrypts SES delivery events of the agency website',
      displayName: 'Website e-mail delivery events',
    })

    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {
      reputationMetrics: true,
    })
    // The event destination also gives SES the right to publish to the topic, for this
    // configuration set only.
    this.configurationSet.addEventDestination('ToTopic', {
      destination: EventDestination.snsTopic(this.topic),
      events: [
        // SES took the message: the evidence that settles a send whose answer was lost or whose
        // sender died before recording it (functions/delivery-events/accepted.ts).
        EmailSendingEvent.SEND,
        EmailSendingEvent.DELIVERY,
        EmailSendingEvent.BOUNCE,
        EmailSendingEvent.COMPLAINT,
        EmailSendingEvent.REJECT,
        EmailSendingEvent.DELIVERY_DELAY,
      ],
    })

    const { logGroup, role } = roleWithOwnLogs(this, 'Function', {
      description: 'Runs the delivery-events function of the agency website',
      retention,
    })
    this.failedEvents = new Queue(this, 'FailedEvents', {
      retentionPeriod: props.failedEventRetention ?? Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    })
    Validations.of(this.failedEvents).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason:
        "It is a dead-letter queue: the delivery-events function's on-failure destination, " +
        'which cdk-nag recognises only in a redrive policy.',
    })
    const fn = new NodejsFunction(this, 'Function', {
      entry: handlerEntry('delivery-events', props.functionsDirectory),
      handler: 'handler',
      description: 'Records what SES reports of each enquiry e-mail on its enquiry',
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      memorySize: 256,
      timeout: Duration.seconds(30),
      environment: pipelineEnvironment(props, this.stage),
      logGroup,
      role,
      // After the try and Lambda's two retries, the event is kept for ops rather than dropped.
      retryAttempts: 2,
      onFailure: new SqsDestination(this.failedEvents),
      bundling: cdkBundling(),
    })
    // What recordDelivery does: one conditional update per event, and a read to say why one
    // changed nothing. No query, no scan, no delete.
    Grant.addToPrincipal({
      grantee: fn,
      actions: ['dynamodb:UpdateItem', 'dynamodb:GetItem'],
      resourceArns: [props.table.tableArn],
    })
    // SNS invokes it asynchronously: Lambda retries a failed batch twice (recording is idempotent,
    // so retries are safe), then puts it in the dead-letter queue, whose alarm tells ops.
    this.topic.addSubscription(new LambdaSubscription(fn))
    this.function = fn

    const alarm = (alarmId: string, metric: Metric, description: string) => {
      this.alarms.push(
        firstOccurrenceAlarm(this, alarmId, { metric, description, topic: props.opsTopic }),
      )
    }
    const advice =
      'Run `npm run enquiries -- list --undelivered --table NAME`, read the enquiry with ' +
      '`show REF`, fix the agency mailbox, then `requeue REF` (docs/operations.md).'
    alarm(
      'BouncedAlarm',
      this.metric('bounced'),
      `An enquiry e-mail bounced: the agency mailbox refused it (full, unknown, blocked). ${advice}`,
    )
    alarm(
      'ComplainedAlarm',
      this.metric('complained'),
      `An enquiry e-mail was marked as spam at the agency: it may be in a junk folder. ${advice}`,
    )
    alarm(
      'RejectedAlarm',
      this.metric('rejected'),
      `SES refused to send an enquiry e-mail (e.g. content it judged a virus). ${advice}`,
    )
    alarm(
      'FunctionErrors',
      fn.metricErrors({ period: Duration.minutes(5), statistic: 'Sum' }),
      'The delivery-events function failed: some e-mails may show a stale status. Its log group has the error.',
    )
    alarm(
      'FailedEventsAlarm',
      this.failedEvents.metricApproximateNumberOfMessagesVisible({
        period: Duration.minutes(5),
        statistic: 'Maximum',
      }),
      'SES delivery events wait in the dead-letter queue: the delivery-events function failed on ' +
        'each three times, so a bounce may not be recorded on its enquiry. Fix the cause (its log ' +
        'group has the error), then replay them (docs/operations.md, "Failed delivery events"). ' +
        'They are deleted after 14 days.',
    )
  }

  /** One of the function's metrics, as its Powertools EMF lines define it. */
  metric(status: keyof typeof deliveryMetricNames): Metric {
    return pipelineMetric(DELIVERY_EVENTS_SERVICE, this.stage, deliveryMetricNames[status], {
      statistic: 'Sum',
      period: Duration.minutes(1),
    })
  }

  /**
   * Makes a function that sends enquiry e-mails send them through the configuration set: it
   * learns the set's name and may use it (SES authorises a send against the configuration set
   * as well as the sending identity), within the same `scope` as its sending grant.
   */
  trackSendsOf(fn: IFunction, scope: SesSendScope = this.sendScope): void {
    if (!(fn instanceof LambdaFunction)) {
      throw new Error(`${fn.node.path} must be a Function to take the configuration set's name`)
    }
    fn.addEnvironment('SES_CONFIGURATION_SET', this.configurationSet.configurationSetName)
    grantSesSend(
      fn,
      [
        Stack.of(this).formatArn({
          service: 'ses',
          resource: 'configuration-set',
          resourceName: this.configurationSet.configurationSetName,
        }),
      ],
      scope,
    )
  }
}
