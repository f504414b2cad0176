import { createAwsClients } from '../aws-clients.ts'
import { loadFunctionConfig } from '../config.ts'
import { createLogger } from '../log.ts'
import { createMetrics } from '../metrics.ts'
import { createContactHandler } from './create-handler.ts'

// Read once at cold start: a missing variable fails the init, naming itself, before any visitor
// is turned away by it.
const config = loadFunctionConfig(process.env)

/** The contact Lambda: `POST /api/contacts` and `POST /api/contacts/form`. */
export const handler = createContactHandler({
  config,
  clients: createAwsClients(config),
  log: createLogger('contact'),
  metrics: createMetrics('contact'),
})
