import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics'
import {
  DELIVERY_EVENTS_SERVICE,
  deliveryMetricNames,
  METRICS_NAMESPACE,
} from '../../shared/delivery-metrics.ts'
import type { DeliveryStatus } from './delivery.ts'

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
