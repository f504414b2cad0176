import { Duration } from 'aws-cdk-lib'
import {
  type Alarm,
  ComparisonOperator,
  MathExpression,
  type Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch'
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb'
import { Rule, Schedule } from 'aws-cdk-lib/aws-events'
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets'
import { Grant } from 'aws-cdk-lib/aws-iam'
import type { IFunction } from 'aws-cdk-lib/aws-lambda'
import { RetentionDays } from 'aws-cdk-lib/aws-logs'
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager'
import type { ITopic } from 'aws-cdk-lib/aws-sns'
import { Construct } from 'constructs'
import {
  canaryReadableAttributes,
  DELIVERED_WITHIN_MS,
  STEP_TIMEOUT_MS,
} from '#functions/canary/check.ts'
import { canaryMetrics, syntheticEnquiry } from '#shared/synthetic-enquiry.ts'
import { alarmToTopic } from './first-occurrence-alarm.ts'
import { handlerEntry, nodeFunction } from './node-function.ts'
import { pipelineMetric } from './pipeline-metric.ts'

/** How often the canary runs unless the stage says otherwise. */
export const DEFAULT_CANARY_INTERVAL = Duration.hours(1)

export interface CanaryProps {
  /** The site's public address: the canary goes the visitor's way, through CloudFront. */
  readonly siteUrl: string
  /** The enquiries table, whose synthetic enquiry's status the canary reads back. */
  readonly table: ITableV2
  /** The stage's synthetic key, which the contact function verifies (ContactApi's). */
  readonly key: ISecret
  /** Where the alarm and its recovery go. */
  readonly topic: ITopic
  /**
   * How often it runs.
   * @default DEFAULT_CANARY_INTERVAL, hourly
   */
  readonly interval?: Duration
  /**
   * The function's `STAGE`, and its metric's `stage` dimension.
   * @default 'prod'
   */
  readonly stage?: string
  /**
   * The folder holding `canary/handler.ts`.
   * @default - the repository's `functions/`
   */
  readonly functionsDirectory?: string
  /**
   * How long the function's logs are kept.
   * @default RetentionDays.ONE_MONTH
   */
  readonly logRetention?: RetentionDays
}

/**
 * The deployed product proving itself (docs/decisions/0036-canary.md): a scheduled function that
 * loads the home page and sends a synthetic enquiry through the public URL, then waits for SES's
 * mailbox simulator to report its e-mail delivered; a failed or late step, or no run at all,
 * alarms the ops topic.
 */
export class Canary extends Construct {
  readonly function: IFunction
  readonly schedule: Rule
  /** 1 for a run with a failed or late step, 0 for a run that passed. */
  readonly failedMetric: Metric
  readonly alarm: Alarm

  constructor(scope: Construct, id: string, props: CanaryProps) {
    super(scope, id)
    const stage = props.stage ?? 'prod'
    const interval = props.interval ?? DEFAULT_CANARY_INTERVAL
    const { fn } = nodeFunction(this, 'Check', {
      entry: handlerEntry('canary', props.functionsDirectory),
      description: 'Sends a synthetic enquiry through the public site and waits for its delivery',
      // It mostly waits; a page, a post and a few reads need little.
      memorySize: 256,
      // Three steps of at most STEP_TIMEOUT_MS, then the wait for the delivery: the run always
      // ends (and records its metric) before Lambda would stop it.
      timeout: Duration.millis(DELIVERED_WITHIN_MS + 4 * STEP_TIMEOUT_MS + 30_000),
      environment: {
        SITE_URL: props.siteUrl,
        ENQUIRIES_TABLE: props.table.tableName,
        // A dynamic reference, resolved by CloudFormation: never in the template (decision 0015).
        [syntheticEnquiry.env]: props.key.secretValue.unsafeUnwrap(),
        STAGE: stage,
      },
      retention: props.logRetention ?? RetentionDays.ONE_MONTH,
      // The next scheduled run is the retry: a re-run would only send another synthetic enquiry.
      retryAttempts: 0,
      maxEventAge: Duration.minutes(5),
    })
    this.function = fn
    // Least privilege: read one item at a time, and of it only the status fields the check
    // reads (never a visitor's name, address or message). No write, no query, no scan, no SES:
    // the contact pipeline does everything else, as it does for a visitor.
    Grant.addToPrincipal({
      grantee: fn,
      actions: ['dynamodb:GetItem'],
      resourceArns: [props.table.tableArn],
      conditions: {
        'ForAllValues:StringEquals': { 'dynamodb:Attributes': [...canaryReadableAttributes] },
        StringEqualsIfExists: { 'dynamodb:Select': 'SPECIFIC_ATTRIBUTES' },
      },
    })
    this.schedule = new Rule(this, 'Schedule', {
      description: 'Runs the canary: a synthetic enquiry through the public site',
      schedule: Schedule.rate(interval),
      targets: [new LambdaFunction(fn, { retryAttempts: 0 })],
    })

    this.failedMetric = pipelineMetric(canaryMetrics.service, stage, canaryMetrics.failed, {
      statistic: 'Maximum',
      period: interval,
    })
    // One value per run. A failed step is 1; a crashed or timed-out run shows as a Lambda error.
    // A period without a run yet takes the last run's value (FILL … REPEAT), so the hour before
    // the next run is not "missing"; two periods without any run are, and missing is breaching.
    this.alarm = alarmToTopic(this, 'Alarm', props.topic, {
      metric: new MathExpression({
        expression: 'MAX([FILL(failed, REPEAT), errors])',
        usingMetrics: {
          failed: this.failedMetric,
          errors: fn.metricErrors({ period: interval, statistic: 'Sum' }),
        },
        period: interval,
        label: 'Canary failed, late or crashed',
      }),
      alarmDescription:
        'The canary could not send a synthetic enquiry through the public site and see it ' +
        'delivered (or did not run): visitors may be unable to reach the agency. Its log names ' +
        'the failed step (docs/operations.md, "The canary").',
      threshold: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 2,
      datapointsToAlarm: 1,
      treatMissingData: TreatMissingData.BREACHING,
    })
  }
}
