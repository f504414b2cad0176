import { DynamoDBClient } from '@aws-sdk/client-dynamodb'
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb'
import { requestHandlerOptions } from '../aws-clients.ts'
import { createLogger } from '../log.ts'
import { createMetrics } from '../metrics.ts'
import { createCanaryHandler, loadCanaryConfig } from './create-handler.ts'

// Read once at cold start: a missing variable fails the init, naming itself.
const config = loadCanaryConfig(process.env)

/** The canary Lambda, run on an EventBridge schedule (hourly by default). It never calls SES. */
export const handler = createCanaryHandler({
  config,
  documentClient: DynamoDBDocumentClient.from(
    new DynamoDBClient({ maxAttempts: 3, requestHandler: requestHandlerOptions }),
  ),
  metrics: createMetrics('canary'),
  log: createLogger('canary'),
})
