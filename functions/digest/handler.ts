import { linkKeyEnv } from '../enquiries/action-links.ts'
import { dependenciesOf } from '../lambda-dependencies.ts'
import { createDigestHandler } from './create-handler.ts'

/** The digest Lambda, run on an EventBridge schedule (daily by default). */
export const handler = createDigestHandler({
  ...dependenciesOf('digest', 'attention-digest'),
  linkKey: process.env[linkKeyEnv],
})
