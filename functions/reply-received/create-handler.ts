import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware'
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware'
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb'
import middy from '@middy/core'
import type { LogMetricsAndClock } from '../lambda-dependencies.ts'
import { errorName, jsonLogger } from '../log.ts'
import { type ReplyDependencies, type ReplyOutcome, recordReplies } from './reply.ts'

export interface ReplyHandlerDependencies extends LogMetricsAndClock {
  readonly documentClient: DynamoDBDocumentClient
  readonly tableName: string
  readonly key: string
  readonly stage: string
  readonly replyDomain: string
  /** The agency inbox: replies from its domain count. */
  readonly agencyEmail: string
}

/**
 * SES receiving's Lambda action (invoked as an event: SES does not wait, and Lambda retries a
 * failure twice). A table that does not answer fails the invocation, logged, for those retries
 * and the function's errors alarm; anything about the message itself is one line, never an error.
 */
export function createReplyHandler(deps: ReplyHandlerDependencies) {
  const log = deps.log ?? jsonLogger
  const replyDeps: ReplyDependencies = {
    table: { client: deps.documentClient, tableName: deps.tableName },
    key: deps.key,
    stage: deps.stage,
    replyDomain: deps.replyDomain,
    agencyDomains: [deps.agencyEmail.split('@').pop()?.toLowerCase() ?? ''],
    log,
    now: deps.now ?? (() => new Date()),
    metrics: deps.metrics,
  }
  const handler = middy<unknown, ReplyOutcome[]>()
  if (log.powertools) handler.use(injectLambdaContext(log.powertools))
  if (deps.metrics) handler.use(logMetrics(deps.metrics))
  return handler.handler(async (event) => {
    try {
      return await recordReplies(replyDeps, event)
    } catch (error) {
      log({ level: 'error', event: 'reply_not_recorded', errorName: errorName(error) })
      throw error
    }
  })
}
