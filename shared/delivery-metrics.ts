/**
 * The names the delivery-events function's metrics carry and its alarms watch, in one place for
 * both (the function writes them as Powertools EMF lines; the CDK stack alarms on them).
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
