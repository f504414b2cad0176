import { isExpired } from '../enquiries/item.ts'
import { MAX_EMAIL_ATTEMPTS, type NotifyDependencies, notifyAgency } from '../enquiries/notify.ts'
import { errorName } from '../log.ts'

/** An enquiry is only retried once its first attempt has had this long to finish. */
export const RETRY_AFTER_MS = 60_000
/** Items looked at per run. */
export const RETRY_BATCH_SIZE = 50
/**
 * No new item is started after this much of a run: with SES unreachable each attempt can take
 * several seconds, and the run must end well inside the function's 60 s timeout. What is left
 * waits for the next run.
 */
export const RETRY_TIME_BUDGET_MS = 40_000

export interface RetrySummary {
  readonly pendingCount: number
  readonly sentCount: number
  readonly failedCount: number
  readonly gaveUpCount: number
  /** Pending, but waiting for their next attempt's backoff. */
  readonly waitingCount: number
  /** Pending with every attempt spent: left for ops (reset `emailAttempts` to 0 to re-drive). */
  readonly exhaustedCount: number
  /** Left for the next run: this one had used its time budget. */
  readonly deferredCount: number
}

/**
 * The wait before attempt n+1 after n attempts: 1, 2, 4 … 64 minutes, so eight attempts span
 * about two hours of an SES outage before the enquiry is given up to the alarm.
 */
export function backoffMs(attempts: number): number {
  return RETRY_AFTER_MS * 2 ** Math.max(0, attempts - 1)
}

/**
 * Re-sends the agency's e-mail for enquiries still pending a minute after they were created.
 * Finds them through the sparse `pending-email` index (never a scan), then reads each one
 * consistently: the index lags the table, and an enquiry may have been sent or erased since.
 */
export async function retryPendingEmails(
  deps: NotifyDependencies,
  timeBudgetMs: number = RETRY_TIME_BUDGET_MS,
): Promise<RetrySummary> {
  const started = performance.now()
  const now = deps.now()
  const ids = await deps.store.pendingEmailIds(
    new Date(now.getTime() - RETRY_AFTER_MS),
    RETRY_BATCH_SIZE,
  )
  const counts = { sent: 0, failed: 0, gaveUp: 0, waiting: 0, exhausted: 0, deferred: 0 }
  for (const id of ids) {
    if (performance.now() - started > timeBudgetMs) {
      counts.deferred++
      continue
    }
    try {
      const enquiry = await deps.store.get(id)
      if (!enquiry || enquiry.emailStatus === 'sent' || !enquiry.emailPending) continue
      if (isExpired(enquiry, now)) continue
      if (enquiry.emailAttempts >= MAX_EMAIL_ATTEMPTS) {
        counts.exhausted++
        continue
      }
      const lastAttempt = Date.parse(enquiry.emailLastAttemptAt ?? enquiry.createdAt)
      if (
        enquiry.emailAttempts > 0 &&
        now.getTime() - lastAttempt < backoffMs(enquiry.emailAttempts)
      ) {
        counts.waiting++
        continue
      }
      const outcome = await notifyAgency(deps, enquiry)
      if (outcome === 'sent') counts.sent++
      else if (outcome === 'gave-up') counts.gaveUp++
      else counts.failed++
    } catch (error) {
      counts.failed++
      deps.log({
        level: 'error',
        event: 'enquiry_retry_failed',
        enquiryId: id,
        errorName: errorName(error),
      })
    }
  }
  const summary: RetrySummary = {
    pendingCount: ids.length,
    sentCount: counts.sent,
    failedCount: counts.failed,
    gaveUpCount: counts.gaveUp,
    waitingCount: counts.waiting,
    exhaustedCount: counts.exhausted,
    deferredCount: counts.deferred,
  }
  // Quiet when there was nothing to do: the schedule runs every few minutes.
  if (ids.length > 0) deps.log({ level: 'info', event: 'enquiry_email_retry_run', ...summary })
  return summary
}
