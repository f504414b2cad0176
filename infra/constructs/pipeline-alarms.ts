import { Duration } from 'aws-cdk-lib'
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2'
import {
  type Alarm,
  ComparisonOperator,
  type IMetric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch'
import type { IFunction } from 'aws-cdk-lib/aws-lambda'
import type { ITopic } from 'aws-cdk-lib/aws-sns'
import { Construct } from 'constructs'
import { alarmToTopic, firstOccurrenceAlarmsOf } from './first-occurrence-alarm.ts'

export interface PipelineAlarmsProps {
  /** Where alarm and recovery notifications go. */
  readonly topic: ITopic
  /** Functions whose errors page ops, by a short name used in the alarm description. */
  readonly functions: Readonly<Record<string, IFunction>>
  /** The API whose 5xx answers page ops. */
  readonly httpApi: IHttpApi
  /** Enquiries whose e-mail was still not sent after every retry. */
  readonly emailGaveUpMetric: IMetric
  /** Age in seconds of the oldest enquiry whose e-mail is still owed (emitted every retry run). */
  readonly backlogAgeMetric: IMetric
  /**
   * The backlog age that pages ops.
   * @default Duration.minutes(15)
   */
  readonly maxBacklogAge?: Duration
  /**
   * The window each alarm sums over.
   * @default Duration.minutes(5)
   */
  readonly period?: Duration
}

/**
 * The contact pipeline's own failures, in the stage's region. What wakes ops up: any function error, any 5xx from the API, any enquiry whose e-mail could not
 * be sent (at once), an e-mail backlog older than 15 minutes. Count thresholds are one: a small
 * agency gets few enquiries, and each one matters. Runs that never started (throttles, schedules
 * not delivered) are alarmed beside the graphs that show them, in pipeline-dashboard.ts.
 */
export class PipelineAlarms extends Construct {
  readonly alarms: Alarm[] = []

  constructor(scope: Construct, id: string, props: PipelineAlarmsProps) {
    super(scope, id)
    const period = props.period ?? Duration.minutes(5)
    const add = firstOccurrenceAlarmsOf(this, props.topic, this.alarms)

    for (const [name, fn] of Object.entries(props.functions)) {
      add(
        `${name}Errors`,
        fn.metricErrors({ period, statistic: 'Sum' }),
        `The ${name} function failed. Its log group has the error and the enquiry id.`,
      )
    }
    add(
      'Api5xx',
      props.httpApi.metricServerError({ period, statistic: 'Sum' }),
      'The contact API answered 5xx: visitors could not send enquiries (503 = storage unavailable).',
    )
    add(
      'EmailGaveUp',
      props.emailGaveUpMetric,
      'An enquiry is stored but its e-mail could not be sent after every retry: check SES ' +
        '(sandbox, identity, quota), then requeue it (docs/operations.md).',
    )

    // An SES outage is known in minutes, not after the eight attempts (about two hours). No
    // data means the retry is not running, so nothing is being sent either: that alarms too.
    const backlog = alarmToTopic(this, 'EmailBacklogAge', props.topic, {
      metric: props.backlogAgeMetric,
      alarmDescription:
        'An enquiry has waited over 15 minutes for its e-mail (or the retry has stopped ' +
        'reporting): check SES and the retry function (docs/operations.md).',
      threshold: (props.maxBacklogAge ?? Duration.minutes(15)).toSeconds(),
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.BREACHING,
    })
    this.alarms.push(backlog)
  }
}
