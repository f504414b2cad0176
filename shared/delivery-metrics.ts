/**
 * The names the pipeline's metrics carry and its alarms watch, in one place for both (the
 * functions write them as Powertools EMF lines; the CDK stack alarms on them): the namespace of
 * every pipeline metric, and the delivery-events function's service and metric names.
 */
export const METRICS_NAMESPACE = 'ElevateDigital/Enquiries'
export const DELIVERY_EVENTS_SERVICE = 'delivery-events'

/** The metric each status SES reports moves (a count of enquiries). */
export const deliveryMetricNames = {
  delivered: 'EnquiryDelivered',
  bounced: 'EnquiryBounced',
  complained: 'EnquiryComplained',
  rejected: 'EnquiryRejected',
} as const

/**
 * The digest's own metric: a copy to the stage's second address that failed after the digest
 * itself went to the inbox (the run then ends without an error, so nothing repeats the digest).
 */
export const digestMetrics = { service: 'digest', copyFailed: 'DigestCopyFailed' } as const
