import { originSecret } from '#shared/origin-secret.ts'
import { createAwsClients } from '../aws-clients.ts'
import { loadFunctionConfig } from '../config.ts'
import { requireOriginSecret } from '../contact/origin-check.ts'
import { linkKeyEnv } from '../enquiries/action-links.ts'
import { createLogger } from '../log.ts'
import { createMetrics } from '../metrics.ts'
import { createActionHandler } from './create-handler.ts'

// Read once at cold start: a missing variable fails the init, naming itself.
const config = loadFunctionConfig(process.env)
const key = process.env[linkKeyEnv] ?? ''
if (key.trim().length < 32) {
  throw new Error(
    `${linkKeyEnv} is missing or short: the digest's links could not be checked. The stack sets it from its ContactApi/ActionLinkKey secret: deploy again.`,
  )
}

/** The digest links' function: `GET`/`POST /api/enquiry-actions`, via CloudFront only. */
export const handler = requireOriginSecret(
  process.env[originSecret.env],
  createActionHandler({
    documentClient: createAwsClients(config).documentClient,
    tableName: config.enquiriesTable,
    key,
    stage: config.stage ?? 'local',
    log: createLogger('enquiry-actions'),
    timeZone: config.agencyTimeZone,
    metrics: createMetrics('enquiry-actions'),
  }),
)
