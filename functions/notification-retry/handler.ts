import { createAwsClients } from '../aws-clients.ts'
import { loadFunctionConfig } from '../config.ts'
import { createRetryHandler } from './create-handler.ts'

const config = loadFunctionConfig(process.env)

/** The notification retry Lambda, run on an EventBridge schedule. */
export const handler = createRetryHandler({ config, clients: createAwsClients(config) })
