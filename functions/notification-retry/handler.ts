import { createAwsClients } from '../aws-clients.ts'
import { loadFunctionConfig } from '../config.ts'
import { createLogger } from '../log.ts'
import { createMetrics } from '../metrics.ts'
import { createRetryHandler } from './create-handler.ts'

const config = loadFunctionConfig(process.env)

/** The notification retry Lambda, run on an EventBridge schedule. */
export const handler = createRetryHandler({
  config,
  clients: createAwsClients(config),
  log: createLogger('notification-retry'),
  metrics: createMetrics('notification-retry'),
})
