import type { AwsClients } from '../aws-clients.ts'
import type { FunctionConfig } from '../config.ts'
import { errorName, jsonLogger, type Logger } from '../log.ts'
import { type DigestOutcome, sendDigest } from './send.ts'

/** Every read and the send are over by then, inside the function's 60 s timeout. */
export const DIGEST_BUDGET_MS = 45_000

export interface DigestHandlerDependencies {
  readonly config: FunctionConfig
  readonly clients: AwsClients
  readonly log?: Logger
  readonly now?: () => Date
}

/**
 * The scheduled digest: any event runs one. A failure throws, so the schedule's retries run it
 * again and the function's errors alarm tells ops; a digest sent twice only repeats a list.
 */
export function createDigestHandler(deps: DigestHandlerDependencies) {
  const log = deps.log ?? jsonLogger
  return async (_event?: unknown): Promise<DigestOutcome> => {
    try {
      return await sendDigest(
        {
          table: {
            client: deps.clients.documentClient,
            tableName: deps.config.enquiriesTable,
          },
          ses: deps.clients.ses,
          addresses: deps.config,
          // The commands in the e-mail name this table, for whoever runs them.
          target: { table: deps.config.enquiriesTable, region: deps.config.region },
          log,
          now: deps.now ?? (() => new Date()),
        },
        AbortSignal.timeout(DIGEST_BUDGET_MS),
      )
    } catch (error) {
      log({ level: 'error', event: 'attention_digest_failed', errorName: errorName(error) })
      throw error
    }
  }
}
