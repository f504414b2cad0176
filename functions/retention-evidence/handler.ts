import { S3Client } from '@aws-sdk/client-s3'
import { SESClient } from '@aws-sdk/client-ses'
import { requestHandlerOptions, sesRequestHandlerOptions } from '../aws-clients.ts'
import { createLogger } from '../log.ts'
import { createMetrics } from '../metrics.ts'
import { createEvidenceHandler, loadEvidenceConfig } from './create-handler.ts'

// Read once at cold start: a missing variable fails the init, naming itself.
const config = loadEvidenceConfig(process.env)

/** The retention evidence Lambda, run on the 1st of each month by an EventBridge schedule. */
export const handler = createEvidenceHandler({
  config,
  ses: new SESClient({ maxAttempts: 1, requestHandler: sesRequestHandlerOptions }),
  s3: new S3Client({ maxAttempts: 3, requestHandler: requestHandlerOptions }),
  metrics: createMetrics('retention-evidence', { stage: config.stage }),
  log: createLogger('retention-evidence'),
})
