import { dependenciesOf } from '../lambda-dependencies.ts'
import { createRetryHandler } from './create-handler.ts'

/** The notification retry Lambda, run on an EventBridge schedule. */
export const handler = createRetryHandler(dependenciesOf('notification-retry'))
