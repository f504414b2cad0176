import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics'
import type { DeliveryStatus } from './delivery.ts'

/** Where the pipeline's metrics live in CloudWatch; the alarms read the same names. */
export const METRICS_NAMESPACE = 'ElevateDigital/Enquiries'
export const DELIVERY_EVENTS_SERVICE = 'delivery-events'

/** The metric each recorded status moves (a count of enquiries). */
export const deliveryMetricNames = {
  delivered: 'EnquiryDelivered',
  bounced: 'EnquiryBounced',
  complained: 'EnquiryComplained',
  rejected: 'EnquiryRejected',
} as const satisfies Record<DeliveryStatus, string>

/**
 * The delivery-events function's metrics, written by Powertools as CloudWatch embedded metric
 * format lines (no PutMetricData call, no log metric filter), with the dimensions the alarms
 * name: `service` and `stage`.
 */
export function createDeliveryMetrics(stage: string): Metrics {
  return new Metrics({
    namespace: METRICS_NAMESPACE,
    serviceName: DELIVERY_EVENTS_SERVICE,
    defaultDimensions: { stage },
  })
}

export function countDelivery(metrics: Metrics, status: DeliveryStatus): void {
  metrics.addMetric(deliveryMetricNames[status], MetricUnit.Count, 1)
}
