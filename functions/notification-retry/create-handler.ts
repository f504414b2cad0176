import { createEnquiryStore } from '../enquiries/store.ts'
import type { FunctionDependencies } from '../lambda-dependencies.ts'
import { errorName, jsonLogger } from '../log.ts'
import { recordBacklogAge } from '../metrics.ts'
import { type RetryOptions, type RetrySummary, retryPendingEmails } from './retry.ts'

/** Its metrics are flushed at the end of every run. */
export interface RetryHandlerDependencies extends FunctionDependencies {
  /** Budget, pace and clock of a run; the defaults are what ships. */
  readonly options?: RetryOptions
}

/** The backlog's age is read by then, inside the run's 57 s (its sends are over by 50 s). */
const BACKLOG_READ_BY_MS = 4_000

/** The scheduled retry: any event (EventBridge's, a timer's) runs one pass. */
export function createRetryHandler(deps: RetryHandlerDependencies) {
  const notify = {
    ses: deps.clients.ses,
    store: createEnquiryStore(deps.clients.documentClient, deps.config.enquiriesTable),
    addresses: deps.config,
    sentBy: 'retry' as const,
    log: deps.log ?? jsonLogger,
    metrics: deps.metrics,
    now: deps.now ?? (() => new Date()),
  }
  return async (_event?: unknown): Promise<RetrySummary> => {
    try {
      const summary = await retryPendingEmails(notify, deps.options)
      await measureBacklog()
      return summary
    } finally {
      // What `logMetrics` does for the Middy handlers; a scheduled run has no middleware chain.
      notify.metrics?.publishStoredMetrics()
    }
  }

  /**
   * Every run, 0 when nothing is owed, so the backlog alarm sees a steady series (and a missing
   * one means the retry itself is not running).
   */
  async function measureBacklog() {
    try {
      const oldest = await notify.store.oldestPendingCreatedAt(
        AbortSignal.timeout(BACKLOG_READ_BY_MS),
      )
      const ageMs = oldest ? notify.now().getTime() - Date.parse(oldest) : 0
      recordBacklogAge(notify.metrics, ageMs / 1000)
    } catch (error) {
      notify.log({ level: 'error', event: 'enquiry_backlog_unread', errorName: errorName(error) })
    }
  }
}
