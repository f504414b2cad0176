import { Duration } from 'aws-cdk-lib'
import {
  type Alarm,
  ComparisonOperator,
  Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch'
import type { ITopic } from 'aws-cdk-lib/aws-sns'
import { Construct } from 'constructs'
import { alarmToTopic } from './first-occurrence-alarm.ts'

export interface CloudFrontAlarmsProps {
  /** Where alarm and recovery notifications go (a topic in us-east-1, like the metric). */
  readonly topic: ITopic
  /** The id of the site's distribution. */
  readonly distributionId: string
  /**
   * The share of responses, in per cent, that were 5xx in one period before it counts as bad.
   * @default 5
   */
  readonly errorRatePercent?: number
  /**
   * The window the rate averages over.
   * @default Duration.minutes(5)
   */
  readonly period?: Duration
}

/**
 * What visitors see go wrong at the edge: CloudFront answering 5xx (origin unreachable, S3 or the
 * API failing, a function error). CloudFront publishes its metrics in us-east-1 only, so these
 * alarms live there.
 */
export class CloudFrontAlarms extends Construct {
  readonly errorRate: Alarm

  constructor(scope: Construct, id: string, props: CloudFrontAlarmsProps) {
    super(scope, id)
    const period = props.period ?? Duration.minutes(5)
    const threshold = props.errorRatePercent ?? 5
    // Two bad periods out of three: on a quiet site one failed request is a 100% rate, and a
    // single unlucky visitor should not page anyone; a broken origin still pages within 10 minutes.
    this.errorRate = alarmToTopic(this, 'Cdn5xxRate', props.topic, {
      // Distribution.metric5xxErrorRate() leaves out `Region`, and CloudWatch matches a metric
      // only on all its dimensions: without it the alarm would watch a metric that never exists.
      metric: new Metric({
        namespace: 'AWS/CloudFront',
        metricName: '5xxErrorRate',
        dimensionsMap: { DistributionId: props.distributionId, Region: 'Global' },
        statistic: 'Average',
        period,
      }),
      alarmDescription:
        `Over ${threshold}% of the website's responses were 5xx in two of the last three ` +
        `${period.toMinutes()}-minute periods: visitors see errors. Check the site stack's ` +
        'alarms and the CloudFront console (docs/operations.md).',
      threshold,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 3,
      datapointsToAlarm: 2,
      // CloudFront sends no data point when no one visits: silence is not an outage.
      treatMissingData: TreatMissingData.NOT_BREACHING,
    })
  }
}
