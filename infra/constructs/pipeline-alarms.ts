import { Duration } from 'aws-cdk-lib'
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2'
import {
  type Alarm,
  ComparisonOperator,
  type IMetric,
  MathExpression,
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
   * Enquiries the retry e-mailed that the stream's sender never touched (emitted every retry
   * run, 0 included): the dead-sender alarm's metric.
   */
  readonly emailedByRetryMetric: IMetric
  /** Sends SES gave no answer to in time, one metric per function that sends enquiries. */
  readonly outcomeUnknownMetrics: readonly IMetric[]
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
 * The contact pipeline's own failures, in the stage's region. What wakes ops up: any function
 * error, any 5xx from the API, any enquiry whose e-mail could not be sent (at once), an e-mail
 * backlog older than 15 minutes, an enquiry the stream's sender left to the retry, a send SES did
 * not answer. Count thresholds are one: a small
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

    // A dead stream sender (its mapping disabled, its code failing before it logs, its
    // permission gone) shows no error of its own: it is never invoked. The retry then sends every
    // enquiry a minute late, and says so. Missing data is the retry not running, when nobody
    // sends at all: that alarms too (docs/decisions/0034).
    this.alarms.push(
      alarmToTopic(this, 'DeadStreamSender', props.topic, {
        metric: props.emailedByRetryMetric,
        alarmDescription:
          'The retry e-mailed an enquiry the stream sender never touched: the enquiry sender is ' +
          'not running (its event source mapping disabled or failing, its function broken), so ' +
          'every e-mail goes a minute late. Check the sender’s mapping and its log group ' +
          '(docs/operations.md). Also fires when the retry stops reporting.',
        threshold: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.BREACHING,
      }),
    )

    // SES took no answer back in 15 s: the enquiry is held 30 s for SES's Send event, then sent
    // again; a second e-mail is possible if SES had taken it and its event never came.
    const unknown = props.outcomeUnknownMetrics
    if (unknown.length > 0) {
      add(
        'EmailOutcomeUnknown',
        new MathExpression({
          expression: unknown.map((_, index) => `FILL(m${index}, 0)`).join(' + '),
          usingMetrics: Object.fromEntries(unknown.map((metric, index) => [`m${index}`, metric])),
          period,
          label: 'Sends of unknown outcome',
        }),
        'SES gave no answer to an enquiry’s e-mail within 15 s: the enquiry is held 30 s for ' +
          'SES’s Send event, then sent again (a second e-mail if SES had taken it and no event ' +
          'came). Check SES’s health in the region.',
      )
    }
  }
}
