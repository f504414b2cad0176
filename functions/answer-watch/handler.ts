import { createAwsClients } from '../aws-clients.ts'
import { loadFunctionConfig } from '../config.ts'
import { createLogger } from '../log.ts'
import { createMetrics } from '../metrics.ts'
import { createAnswerWatchHandler } from './create-handler.ts'

const config = loadFunctionConfig(process.env)

/** The reminder (every 15 minutes) and the weekly summary (Monday morning), by the event's job. */
export const handler = createAnswerWatchHandler({
  config,
  clients: createAwsClients(config),
  log: createLogger('answer-watch'),
  metrics: createMetrics('answer-watch'),
})
