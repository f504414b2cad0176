import type { Duration } from 'aws-cdk-lib'
import { Metric } from 'aws-cdk-lib/aws-cloudwatch'
import { METRICS_NAMESPACE } from '#shared/delivery-metrics.ts'

/**
 * A metric one of the pipeline's functions emits (functions/metrics.ts): in the pipeline's
 * namespace, under the two dimensions Powertools writes on every one of them, the emitting
 * function's `service` and the `stage`. An alarm on any other dimensions would watch nothing.
 */
export function pipelineMetric(
  service: string,
  stage: string,
  metricName: string,
  reading: { readonly statistic: string; readonly period: Duration },
): Metric {
  return new Metric({
    namespace: METRICS_NAMESPACE,
    metricName,
    dimensionsMap: { service, stage },
    statistic: reading.statistic,
    period: reading.period,
  })
}
