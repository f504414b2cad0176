import { Duration } from 'aws-cdk-lib'
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2'
import {
  type Alarm,
  AlarmWidget,
  Dashboard,
  GraphWidget,
  type IAlarm,
  type IMetric,
  MathExpression,
  Metric,
  TextWidget,
} from 'aws-cdk-lib/aws-cloudwatch'
import type { IRule } from 'aws-cdk-lib/aws-events'
import type { IFunction } from 'aws-cdk-lib/aws-lambda'
import type { ITopic } from 'aws-cdk-lib/aws-sns'
import { Construct } from 'constructs'
import { METRICS_NAMESPACE } from '#shared/delivery-metrics.ts'
import { firstOccurrenceAlarmsOf } from './first-occurrence-alarm.ts'

/** The functions' pipeline metrics (EMF), with dimensions `service` and `stage`. */
export const ENQUIRY_METRICS_NAMESPACE = METRICS_NAMESPACE
/** The 24-hour promise: answers recorded, reminders sent, promises missed (counts). */
export const ANSWER_COUNTS = ['EnquiryAnswered', 'EnquiryReminded', 'EnquiryPromiseMissed'] as const

/** An enquiry's way from the form to the agency's inbox, in order. */
export const ENQUIRY_FUNNEL = [
  'EnquirySubmitted',
  'EnquiryStored',
  'EnquiryEmailed',
  'EnquiryDelivered',
  'EnquiryBounced',
  'EnquiryGaveUp',
] as const

export interface PipelineDashboardProps {
  /** Where alarm and recovery notifications go. */
  readonly topic: ITopic
  /** The stage whose pipeline metrics the dashboard shows. */
  readonly stage: string
  /** Functions whose throttling pages ops, by a short name. */
  readonly functions: Readonly<Record<string, IFunction>>
  /** Scheduled rules whose failed invocations page ops (a retry that never ran), by name. */
  readonly schedules: Readonly<Record<string, IRule>>
  /** The contact API, for the dashboard's site health. */
  readonly httpApi: IHttpApi
  /**
   * The canary's runs (1 failed, 0 passed) and its alarm, shown beside the funnel.
   * @default - no canary on the dashboard
   */
  readonly canary?: { readonly failed: IMetric; readonly alarm: IAlarm }
  /**
   * The window each alarm sums over.
   * @default Duration.minutes(5)
   */
  readonly period?: Duration
}

/**
 * The stage's CloudWatch dashboard of the enquiry funnel and the API's and functions' health, with
 * the alarms on what it shows and the failure alarms (pipeline-alarms.ts) cannot see: a function
 * Lambda refused to run (throttled) and a schedule EventBridge could not deliver.
 */
export class PipelineDashboard extends Construct {
  readonly alarms: Alarm[] = []
  readonly dashboard: Dashboard

  constructor(scope: Construct, id: string, props: PipelineDashboardProps) {
    super(scope, id)
    const period = props.period ?? Duration.minutes(5)
    const add = firstOccurrenceAlarmsOf(this, props.topic, this.alarms)

    for (const [name, fn] of Object.entries(props.functions)) {
      add(
        `${name}Throttles`,
        fn.metricThrottles({ period, statistic: 'Sum' }),
        `The ${name} function was throttled: Lambda refused to run it (account concurrency used up).`,
      )
    }
    for (const [name, rule] of Object.entries(props.schedules)) {
      add(
        `${name}FailedInvocations`,
        new Metric({
          namespace: 'AWS/Events',
          metricName: 'FailedInvocations',
          dimensionsMap: { RuleName: rule.ruleName },
          statistic: 'Sum',
          period,
        }),
        `EventBridge could not start the ${name} run: pending enquiry e-mails are not being retried.`,
      )
    }

    // SEARCH finds the funnel whatever `service` emits each metric, for this stage only.
    const funnel = (metricName: string) =>
      new MathExpression({
        expression: `SEARCH('{${ENQUIRY_METRICS_NAMESPACE},service,stage} MetricName="${metricName}" stage="${props.stage}"', 'Sum', ${period.toSeconds()})`,
        label: metricName,
        period,
      })
    this.dashboard = new Dashboard(this, 'Dashboard', {
      defaultInterval: Duration.days(7),
      widgets: [
        [
          new TextWidget({
            markdown: `# Enquiries and site health (${props.stage})\nFunnel from the functions' metrics; alarms page the ops topic.`,
            width: 24,
            height: 2,
          }),
        ],
        [
          new GraphWidget({
            title: 'Enquiry funnel',
            left: ENQUIRY_FUNNEL.map(funnel),
            width: 12,
          }),
          new GraphWidget({
            title: 'Oldest undelivered enquiry (seconds)',
            left: [
              new MathExpression({
                expression: `SEARCH('{${ENQUIRY_METRICS_NAMESPACE},service,stage} MetricName="OldestUndeliveredAgeSeconds" stage="${props.stage}"', 'Maximum', ${period.toSeconds()})`,
                label: 'OldestUndeliveredAgeSeconds',
                period,
              }),
            ],
            width: 12,
          }),
        ],
        [
          new GraphWidget({
            title: 'Contact API',
            left: [
              props.httpApi.metricCount({ period, statistic: 'Sum' }),
              props.httpApi.metricClientError({ period, statistic: 'Sum' }),
              props.httpApi.metricServerError({ period, statistic: 'Sum' }),
            ],
            right: [props.httpApi.metricLatency({ period, statistic: 'p95' })],
            width: 12,
          }),
          new GraphWidget({
            title: 'Functions',
            left: Object.entries(props.functions).flatMap(([name, fn]) => [
              fn.metricErrors({ period, statistic: 'Sum', label: `${name} errors` }),
              fn.metricThrottles({ period, statistic: 'Sum', label: `${name} throttles` }),
            ]),
            right: Object.entries(props.functions).map(([name, fn]) =>
              fn.metricDuration({ period, statistic: 'p95', label: `${name} p95 ms` }),
            ),
            width: 12,
          }),
        ],
        [
          new GraphWidget({
            title: 'Time to first answer (hours): median and slowest',
            left: (['p50', 'Maximum'] as const).map(
              (statistic) =>
                new MathExpression({
                  expression: `SEARCH('{${ENQUIRY_METRICS_NAMESPACE},service,stage} MetricName="FirstAnswerSeconds" stage="${props.stage}"', '${statistic}', 86400) / 3600`,
                  label: `First answer, ${statistic === 'p50' ? 'median' : 'slowest'}`,
                  period: Duration.days(1),
                }),
            ),
            leftAnnotations: [{ value: 24, label: 'The promise: 24 hours' }],
            width: 12,
          }),
          new GraphWidget({
            title: 'Answers, reminders and promises missed (a day)',
            left: ANSWER_COUNTS.map(
              (metricName) =>
                new MathExpression({
                  expression: `SEARCH('{${ENQUIRY_METRICS_NAMESPACE},service,stage} MetricName="${metricName}" stage="${props.stage}"', 'Sum', 86400)`,
                  label: metricName,
                  period: Duration.days(1),
                }),
            ),
            width: 12,
          }),
        ],
        ...(props.canary
          ? [
              [
                new AlarmWidget({
                  title: 'Canary: a synthetic enquiry through the public site, delivered',
                  alarm: props.canary.alarm,
                  width: 12,
                }),
                new GraphWidget({
                  title: 'Canary runs (1 = a step failed or was late)',
                  left: [props.canary.failed],
                  width: 12,
                }),
              ],
            ]
          : []),
      ],
    })
  }
}
