import { createAwsClients } from '../aws-clients.ts'
import { loadFunctionConfig } from '../config.ts'
import { createLogger } from '../log.ts'
import { createMetrics } from '../metrics.ts'
import { createSenderHandler } from './create-handler.ts'

const config = loadFunctionConfig(process.env)

/** The enquiry sender, started by the enquiries table's stream (new pending enquiries only). */
export const handler = createSenderHandler({
  config,
  clients: createAwsClients(config),
  log: createLogger('enquiry-sender'),
  metrics: createMetrics('enquiry-sender'),
})
