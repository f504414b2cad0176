import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics'

/** Where every pipeline metric lives in CloudWatch; the alarms (infra) read the same names. */
export const METRICS_NAMESPACE = 'ElevateDigital/Enquiries'

/** The functions that emit pipeline metrics: the `service` dimension. */
export type MetricsService = 'contact' | 'notification-retry' | 'delivery-events'

/** Counts, one per enquiry and event. */
export const pipelineCounts = [
  'EnquirySubmitted',
  'EnquiryStored',
  'EnquiryEmailed',
  'EnquiryGaveUp',
  'EnquiryDelivered',
  'EnquiryBounced',
  'EnquiryComplained',
  'EnquiryRejected',
] as const
export type PipelineCount = (typeof pipelineCounts)[number]

/** Age of the oldest enquiry whose e-mail is still owed; 0 when none is. */
export const BACKLOG_AGE_METRIC = 'OldestUndeliveredAgeSeconds'

export interface PipelineMetrics {
  count(name: PipelineCount, value?: number): void
  backlogAge(seconds: number): void
  /** Writes what was recorded (one EMF line on stdout); call once at the end of an invocation. */
  publish(): void
}

/** The `stage` dimension: the deployment's `STAGE`, `prod` when unset. */
export function metricsStage(env: Record<string, string | undefined> = process.env): string {
  return env.STAGE?.trim() || 'prod'
}

/**
 * Pipeline metrics in CloudWatch's embedded metric format, through Powertools: Lambda's log
 * stream carries them, so there are no metric filters to keep in step with log text and no
 * PutMetricData calls on a visitor's time. Dimensions: `service` and `stage`.
 */
export function createMetrics(
  service: MetricsService,
  options: { readonly stage?: string } = {},
): PipelineMetrics {
  const metrics = new Metrics({
    namespace: METRICS_NAMESPACE,
    serviceName: service,
    defaultDimensions: { stage: options.stage ?? metricsStage() },
  })
  // Powertools warns on every empty flush: a refused request (404, 415) records nothing.
  let recorded = false
  return {
    count(name, value = 1) {
      metrics.addMetric(name, MetricUnit.Count, value)
      recorded = true
    },
    backlogAge(seconds) {
      metrics.addMetric(BACKLOG_AGE_METRIC, MetricUnit.Seconds, Math.max(0, Math.round(seconds)))
      recorded = true
    },
    publish() {
      if (!recorded) return
      metrics.publishStoredMetrics()
      recorded = false
    },
  }
}

/** For tests and tools that run the pipeline without CloudWatch. */
export const noMetrics: PipelineMetrics = {
  count: () => {},
  backlogAge: () => {},
  publish: () => {},
}
