import type { AwsClients } from '../aws-clients.ts'
import type { FunctionConfig } from '../config.ts'
import { createEnquiryStore } from '../enquiries/store.ts'
import { jsonLogger, type Logger } from '../log.ts'
import { type RetryOptions, type RetrySummary, retryPendingEmails } from './retry.ts'

export interface RetryHandlerDependencies {
  readonly config: FunctionConfig
  readonly clients: AwsClients
  readonly log?: Logger
  readonly now?: () => Date
  /** Budget, pace and clock of a run; the defaults are what ships. */
  readonly options?: RetryOptions
}

/** The scheduled retry: any event (EventBridge's, a timer's) runs one pass. */
export function createRetryHandler(deps: RetryHandlerDependencies) {
  const notify = {
    ses: deps.clients.ses,
    store: createEnquiryStore(deps.clients.documentClient, deps.config.enquiriesTable),
    addresses: deps.config,
    log: deps.log ?? jsonLogger,
    now: deps.now ?? (() => new Date()),
  }
  return async (_event?: unknown): Promise<RetrySummary> => retryPendingEmails(notify, deps.options)
}
