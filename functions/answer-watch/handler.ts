import { dependenciesOf } from '../lambda-dependencies.ts'
import { createAnswerWatchHandler } from './create-handler.ts'

/** The reminder (every 15 minutes) and the weekly summary (Monday morning), by the event's job. */
export const handler = createAnswerWatchHandler(dependenciesOf('answer-watch'))
