import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics'
import { METRICS_NAMESPACE } from '#shared/delivery-metrics.ts'

/** The functions that emit pipeline metrics: the `service` dimension. */
export type MetricsService =
  | 'contact'
  | 'enquiry-sender'
  | 'notification-retry'
  | 'delivery-events'
  | 'canary'
  | 'digest'
  | 'retention-evidence'
  | 'enquiry-actions'
  | 'reply-received'
  | 'answer-watch'

/** Counts, one per enquiry and event. */
export const pipelineCounts = [
  'EnquirySubmitted',
  'EnquiryStored',
  'EnquiryEmailed',
  'EnquiryGaveUp',
  /**
   * The retry e-mailed an enquiry the stream sender never touched (no claim, no attempt): the
   * sender the table's write starts did not run for it. Every retry run records it, 0 when none,
   * so its alarm reads a missing series as the retry not running (infra/constructs/pipeline-alarms.ts).
   */
  'EnquiryEmailedByRetry',
  /**
   * A send SES gave no answer to in time (SES_ANSWER_WITHIN_MS): held off for SES's own events
   * before it is sent again (functions/enquiries/send-pending.ts).
   */
  'EnquiryEmailOutcomeUnknown',
  'EnquiryDelivered',
  'EnquiryBounced',
  'EnquiryComplained',
  'EnquiryRejected',
  'EnquiryAnswered',
  'EnquiryReminded',
  'EnquiryPromiseMissed',
] as const
export type PipelineCount = (typeof pipelineCounts)[number]

/** Age of the oldest enquiry whose e-mail is still owed; 0 when none is. */
export const BACKLOG_AGE_METRIC = 'OldestUndeliveredAgeSeconds'

/** From an enquiry's arrival to staff's first answer, one value per answered enquiry. */
export const FIRST_ANSWER_METRIC = 'FirstAnswerSeconds'

/** The `stage` dimension: the deployment's `STAGE`, `prod` when unset. */
export function metricsStage(env: Record<string, string | undefined> = process.env): string {
  return env.STAGE?.trim() || 'prod'
}

/**
 * Powertools warns on every empty flush, and a refused request (404, 415) records nothing: that
 * one warning is dropped, every other goes to the console as Powertools would send it.
 */
const quietWhenEmpty = {
  trace: console.trace,
  debug: console.debug,
  info: console.info,
  warn: (...args: unknown[]) => {
    if (String(args[0]).startsWith('No application metrics to publish')) return
    console.warn(...args)
  },
  error: console.error,
}

/**
 * A function's pipeline metrics in CloudWatch's embedded metric format, through Powertools:
 * Lambda's log stream carries them, so there are no metric filters to keep in step with log text
 * and no PutMetricData calls on a visitor's time. Dimensions: `service` and `stage`. Each
 * handler flushes them once per invocation with Powertools' `logMetrics` middleware.
 */
export function createMetrics(
  service: MetricsService,
  options: { readonly stage?: string } = {},
): Metrics {
  return new Metrics({
    namespace: METRICS_NAMESPACE,
    serviceName: service,
    defaultDimensions: { stage: options.stage ?? metricsStage() },
    logger: quietWhenEmpty,
  })
}

/** Counts one pipeline event (or `count` of them); without metrics (tests, tools), nothing is recorded. */
export function countEnquiry(metrics: Metrics | undefined, name: PipelineCount, count = 1): void {
  metrics?.addMetric(name, MetricUnit.Count, count)
}

/** An enquiry's first answer: counted, and how long it took (from when it came). */
export function recordFirstAnswer(
  metrics: Metrics | undefined,
  createdAt: string,
  answeredAt: Date,
): void {
  countEnquiry(metrics, 'EnquiryAnswered')
  const seconds = (answeredAt.getTime() - Date.parse(createdAt)) / 1000
  if (Number.isFinite(seconds)) {
    metrics?.addMetric(FIRST_ANSWER_METRIC, MetricUnit.Seconds, Math.max(0, Math.round(seconds)))
  }
}

export function recordBacklogAge(metrics: Metrics | undefined, seconds: number): void {
  metrics?.addMetric(BACKLOG_AGE_METRIC, MetricUnit.Seconds, Math.max(0, Math.round(seconds)))
}
