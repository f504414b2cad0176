import { startDeadline } from '../deadline.ts'
import { type Enquiry, isExpired } from '../enquiries/item.ts'
import { giveUp, MAX_EMAIL_ATTEMPTS, type NotifyDependencies } from '../enquiries/notify.ts'
import { claimAndNotify, claimHolds } from '../enquiries/send-pending.ts'
import { errorName } from '../log.ts'
import { createPacer, type PacerClock, realClock } from './pacer.ts'

/** An enquiry is only retried once its first attempt has had this long to finish. */
export const RETRY_AFTER_MS = 60_000
/**
 * Sends per second, at most. SES's default production quota is 14 a second; the contact
 * function may send up to 5 a second (the API's throttle) at the same time: 8 + 5 = 13 ≤ 14.
 * At 8 a second a run sends up to 280 e-mails, and 2,000 pending ones are sent within eight
 * runs, about 9 minutes after SES recovers with the schedule every minute (docs/operations.md).
 */
export const RETRY_SENDS_PER_SECOND = 8
/**
 * No new item is started after this much of a run. With each item bounded by `ITEM_BUDGET_MS`,
 * a run ends by 45 s, inside the function's 50 s timeout and before the next run a minute on.
 */
export const RETRY_TIME_BUDGET_MS = 35_000
/** Every call for one item (read, claim, send, record) is over by then. */
export const ITEM_BUDGET_MS = 10_000
/** Pending enquiries looked at per run, oldest first (the index holds only sendable ones). */
export const RETRY_MAX_EXAMINED = 1_000
/**
 * This many failures in a row and SES is taken to be down: the run stops, leaving the rest
 * untried (their attempts uncounted) instead of spending one attempt of each on an outage.
 */
export const RETRY_FAILURES_BEFORE_STOP = 3
export interface RetryOptions {
  /** @default RETRY_TIME_BUDGET_MS */
  readonly timeBudgetMs?: number
  /** @default RETRY_SENDS_PER_SECOND */
  readonly sendsPerSecond?: number
  /** @default RETRY_MAX_EXAMINED */
  readonly maxExamined?: number
  /** @default realClock */
  readonly clock?: PacerClock
}

export interface RetrySummary {
  readonly pendingCount: number
  readonly sentCount: number
  readonly failedCount: number
  readonly gaveUpCount: number
  /** Sent without an answer in time: held off, not counted as attempts. */
  readonly unknownCount: number
  /** Pending, but waiting for their next attempt's backoff. */
  readonly waitingCount: number
  /** Claimed by another sender (or a sender that stopped: sent again once the claim lapses). */
  readonly claimedCount: number
  /** Left for the next run: this one had used its time budget, or found SES down. */
  readonly deferredCount: number
}

/**
 * The wait before attempt n+1 after n attempts: 1, 2, 4 … 64 minutes, so eight attempts span
 * about two hours of an SES outage before the enquiry is given up to the alarm. Only enquiries
 * tried while SES was failing wait: once a send in the run succeeds, SES is back and every
 * pending enquiry goes, backoff or not.
 */
export function backoffMs(attempts: number): number {
  return RETRY_AFTER_MS * 2 ** Math.max(0, attempts - 1)
}

/**
 * Re-sends the agency's e-mail for enquiries still pending a minute after they were created.
 * Finds them through the sparse `pending-email` index (never a scan), then reads each one
 * consistently: the index lags the table, and an enquiry may have been sent or erased since.
 * Sends are paced under SES's rate and claimed first, so two senders never send one e-mail.
 */
export async function retryPendingEmails(
  deps: NotifyDependencies,
  options: RetryOptions = {},
): Promise<RetrySummary> {
  const clock = options.clock ?? realClock
  const timeBudgetMs = options.timeBudgetMs ?? RETRY_TIME_BUDGET_MS
  const pacer = createPacer(options.sendsPerSecond ?? RETRY_SENDS_PER_SECOND, clock)
  const started = clock.now()
  const ids = await deps.store.pendingEmailIds(
    new Date(deps.now().getTime() - RETRY_AFTER_MS),
    options.maxExamined ?? RETRY_MAX_EXAMINED,
    startDeadline().by(ITEM_BUDGET_MS),
  )
  const counts = {
    sent: 0,
    failed: 0,
    unknown: 0,
    gaveUp: 0,
    waiting: 0,
    claimed: 0,
    deferred: 0,
  }
  let sesWorks = false
  let failuresInARow = 0
  const waiting: Enquiry[] = []

  const send = async (enquiry: Enquiry) => {
    if (failuresInARow < RETRY_FAILURES_BEFORE_STOP) await pacer.wait()
    if (clock.now() - started > timeBudgetMs || failuresInARow >= RETRY_FAILURES_BEFORE_STOP) {
      counts.deferred++
      return
    }
    const outcome = await claimAndNotify(deps, enquiry, startDeadline(), ITEM_BUDGET_MS)
    if (outcome === 'claimed') {
      counts.claimed++
      return
    }
    if (outcome === 'sent') {
      counts.sent++
      sesWorks = true
      failuresInARow = 0
    } else {
      // An unknown outcome costs the enquiry no attempt, but SES not answering in time is as
      // good a sign of an outage as a refusal: the run stops spending sends on it.
      if (outcome === 'gave-up') counts.gaveUp++
      else if (outcome === 'unknown') counts.unknown++
      else counts.failed++
      failuresInARow++
    }
  }

  /** A send or a read that threw: counted, logged, and one more towards stopping the run. */
  const failed = (enquiryId: string, error: unknown) => {
    counts.failed++
    failuresInARow++
    deps.log({
      level: 'error',
      event: 'enquiry_retry_failed',
      enquiryId,
      errorName: errorName(error),
    })
  }

  for (const id of ids) {
    if (clock.now() - started > timeBudgetMs || failuresInARow >= RETRY_FAILURES_BEFORE_STOP) {
      counts.deferred++
      continue
    }
    try {
      const now = deps.now()
      const item = startDeadline()
      const enquiry = await deps.store.get(id, item.by(ITEM_BUDGET_MS / 2))
      if (enquiry?.emailStatus !== 'pending' || !enquiry.emailPending) continue
      if (isExpired(enquiry, now)) continue
      if (enquiry.emailAttempts >= MAX_EMAIL_ATTEMPTS) {
        // Out of attempts but still in the index (stored before given-up enquiries left it).
        await giveUp(deps, id, enquiry.emailAttempts, item.by(ITEM_BUDGET_MS))
        counts.gaveUp++
        continue
      }
      if (claimHolds(enquiry, now)) {
        counts.claimed++
        continue
      }
      const lastAttempt = Date.parse(enquiry.emailLastAttemptAt ?? enquiry.createdAt)
      if (
        !sesWorks &&
        enquiry.emailAttempts > 0 &&
        now.getTime() - lastAttempt < backoffMs(enquiry.emailAttempts)
      ) {
        waiting.push(enquiry)
        continue
      }
      await send(enquiry)
    } catch (error) {
      failed(id, error)
    }
  }
  // SES is back: what was waiting out the outage's backoff goes now, not an hour later.
  for (const enquiry of waiting) {
    if (!sesWorks) {
      counts.waiting++
      continue
    }
    try {
      await send(enquiry)
    } catch (error) {
      failed(enquiry.id, error)
    }
  }
  const summary: RetrySummary = {
    pendingCount: ids.length,
    sentCount: counts.sent,
    failedCount: counts.failed,
    gaveUpCount: counts.gaveUp,
    unknownCount: counts.unknown,
    waitingCount: counts.waiting,
    claimedCount: counts.claimed,
    deferredCount: counts.deferred,
  }
  // Quiet when there was nothing to do: the schedule runs every minute.
  if (ids.length > 0) deps.log({ level: 'info', event: 'enquiry_email_retry_run', ...summary })
  return summary
}
