import { createAwsClients } from '../aws-clients.ts'
import { loadFunctionConfig } from '../config.ts'
import { linkKeyEnv } from '../enquiries/action-links.ts'
import { createLogger } from '../log.ts'
import { createMetrics } from '../metrics.ts'
import { createDigestHandler } from './create-handler.ts'

const config = loadFunctionConfig(process.env)

/** The digest Lambda, run on an EventBridge schedule (daily by default). */
export const handler = createDigestHandler({
  config,
  clients: createAwsClients(config),
  log: createLogger('attention-digest'),
  metrics: createMetrics('digest'),
  linkKey: process.env[linkKeyEnv],
})
