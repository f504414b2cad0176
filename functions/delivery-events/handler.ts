import { createAwsClients } from '../aws-clients.ts'
import { loadFunctionConfig } from '../config.ts'
import { createDeliveryEventsHandler } from './create-handler.ts'
import { createDeliveryMetrics } from './metrics.ts'

const config = loadFunctionConfig(process.env)

/** The delivery-events Lambda, subscribed to the SES configuration set's SNS topic. */
export const handler = createDeliveryEventsHandler({
  documentClient: createAwsClients(config).documentClient,
  tableName: config.enquiriesTable,
  metrics: createDeliveryMetrics(config.stage ?? 'local'),
})
