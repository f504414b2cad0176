import { createDocumentClient } from '../aws-clients.ts'
import { loadFunctionConfig } from '../config.ts'
import { createLogger } from '../log.ts'
import { createMetrics } from '../metrics.ts'
import { createReplyHandler } from './create-handler.ts'

// Read once at cold start: a missing variable fails the init, naming itself.
const config = loadFunctionConfig(process.env)
if (!config.actionLinkKey || !config.replyDomain) {
  throw new Error(
    'ACTION_LINK_KEY and REPLY_DOMAIN are required: without them no reply address can be checked. The stack sets both: deploy again.',
  )
}

/** SES receiving's Lambda action for the stage's reply subdomain: records staff's answers. */
export const handler = createReplyHandler({
  documentClient: createDocumentClient(config),
  tableName: config.enquiriesTable,
  key: config.actionLinkKey,
  stage: config.stage ?? 'local',
  replyDomain: config.replyDomain,
  agencyEmail: config.agencyEmail,
  log: createLogger('reply-received'),
  metrics: createMetrics('reply-received'),
})
