import { answerShell } from '#shared/answer-shell.ts'
import { originSecret } from '#shared/origin-secret.ts'
import { syntheticEnquiry } from '#shared/synthetic-enquiry.ts'
import { createDocumentClient } from '../aws-clients.ts'
import { loadFunctionConfig } from '../config.ts'
import { createLogger } from '../log.ts'
import { createMetrics } from '../metrics.ts'
import { readAnswerShell } from './answer-shell.ts'
import { createContactHandler } from './create-handler.ts'
import { requireOriginSecret } from './origin-check.ts'

// Read once at cold start: a missing variable fails the init, naming itself, before any visitor
// is turned away by it.
const config = loadFunctionConfig(process.env)

/** The contact Lambda: `POST /api/contacts` and `POST /api/contacts/form`, via CloudFront only. */
export const handler = requireOriginSecret(
  process.env[originSecret.env],
  createContactHandler({
    config,
    clients: { documentClient: createDocumentClient(config) },
    log: createLogger('contact'),
    metrics: createMetrics('contact'),
    syntheticKey: process.env[syntheticEnquiry.env],
    // Copied beside the bundle from the built site (infra/constructs/contact-api.ts).
    answerShell: readAnswerShell(new URL(`./${answerShell.bundledFile}`, import.meta.url)),
  }),
)
