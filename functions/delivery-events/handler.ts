import { DELIVERY_EVENTS_SERVICE } from '#shared/delivery-metrics.ts'
import { createAwsClients } from '../aws-clients.ts'
import { loadFunctionConfig } from '../config.ts'
import { createMetrics } from '../metrics.ts'
import { createDeliveryEventsHandler } from './create-handler.ts'

const config = loadFunctionConfig(process.env)

/** The delivery-events Lambda, subscribed to the SES configuration set's SNS topic. */
export const handler = createDeliveryEventsHandler({
  documentClient: createAwsClients(config).documentClient,
  tableName: config.enquiriesTable,
  metrics: createMetrics(DELIVERY_EVENTS_SERVICE, { stage: config.stage ?? 'local' }),
})
