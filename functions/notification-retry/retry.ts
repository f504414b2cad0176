import { type Enquiry, isExpired } from '../enquiries/item.ts'
import { giveUp, MAX_EMAIL_ATTEMPTS, type NotifyDependencies } from '../enquiries/notify.ts'
import { claimAndNotify, claimHolds } from '../enquiries/send-pending.ts'
import { errorName } from '../log.ts'
import { countEnquiry } from '../metrics.ts'
import { createPacer, type PacerClock, realClock } from './pacer.ts'

/** An enquiry is only retried once its first attempt has had this long to finish. */
export const RETRY_AFTER_MS = 60_000
/**
 * Sends per second, at most. SES's default production quota is 14 a second; the stream's sender
 * may send up to 5 a second at the same time: 8 + 5 = 13 ≤ 14. At 8 a second a run sends up to
 * 201 e-mails, and 2,000 pending ones are sent within ten runs, about 11 minutes after SES
 * recovers with the schedule every minute (docs/operations.md).
 */
export const RETRY_SENDS_PER_SECOND = 8
/**
 * No new item is started after this much of a run. Each one may take what is left of
 * `RETRY_RUN_MS` (its claim is sized to it), so a run is over by then, and its backlog read
 * by 54 s: inside the function's 57 s timeout and before the next run a minute on.
 */
export const RETRY_TIME_BUDGET_MS = 25_000
/** Every send of a run is over by then (from the run's start). */
export const RETRY_RUN_MS = 50_000
/** The index read and each enquiry's read are over by then. */
const READ_WITHIN_MS = 4_000
/**
 * Sends in flight at once: SES may take seconds to answer one (a late answer is an answer), and
 * the pace, not SES's latency, should set how many a run sends.
 */
const RETRY_CONCURRENCY = 16
/** Pending enquiries looked at per run, oldest first (the index holds only sendable ones). */
export const RETRY_MAX_EXAMINED = 1_000
/**
 * This many failures in a row and SES is taken to be down: the run stops, leaving the rest
 * untried (their attempts uncounted) instead of spending one attempt of each on an outage.
 */
export const RETRY_FAILURES_BEFORE_STOP = 3
/** Logged for each enquiry the retry e-mailed that the stream's sender never touched. */
const EMAILED_BY_RETRY_EVENT = 'enquiry_emailed_by_retry'

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
  /** Sent, and never touched by the stream's sender: it should have sent them. */
  readonly emailedInsteadOfSenderCount: number
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
 * Sends are paced under SES's rate, several in flight, and claimed first, so two senders never
 * send one e-mail.
 */
export async function retryPendingEmails(
  notify: NotifyDependencies,
  options: RetryOptions = {},
): Promise<RetrySummary> {
  const clock = options.clock ?? realClock
  // A record's tries wait on the run's clock (a test's fake one too).
  const deps = options.clock ? { ...notify, pause: (ms: number) => clock.sleep(ms) } : notify
  const timeBudgetMs = options.timeBudgetMs ?? RETRY_TIME_BUDGET_MS
  const pacer = createPacer(options.sendsPerSecond ?? RETRY_SENDS_PER_SECOND, clock)
  const started = clock.now()
  const remainingMs = () => RETRY_RUN_MS - (clock.now() - started)
  const ids = await deps.store.pendingEmailIds(
    new Date(deps.now().getTime() - RETRY_AFTER_MS),
    options.maxExamined ?? RETRY_MAX_EXAMINED,
    AbortSignal.timeout(READ_WITHIN_MS),
  )
  const counts = {
    sent: 0,
    failed: 0,
    unknown: 0,
    gaveUp: 0,
    waiting: 0,
    claimed: 0,
    deferred: 0,
    byRetry: 0,
  }
  let sesWorks = false
  let failuresInARow = 0
  const waiting: Enquiry[] = []
  const inFlight = new Set<Promise<void>>()
  const stopped = () =>
    clock.now() - started > timeBudgetMs || failuresInARow >= RETRY_FAILURES_BEFORE_STOP

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

  const send = async (enquiry: Enquiry) => {
    const outcome = await claimAndNotify(deps, enquiry, remainingMs)
    if (outcome === 'claimed') {
      counts.claimed++
    } else if (outcome === 'no-time') {
      counts.deferred++
    } else if (outcome === 'sent') {
      counts.sent++
      sesWorks = true
      failuresInARow = 0
      if (untouchedBySender(enquiry)) {
        counts.byRetry++
        deps.log({ level: 'warn', event: EMAILED_BY_RETRY_EVENT, enquiryId: enquiry.id })
      }
    } else {
      // An unknown outcome costs the enquiry no attempt, but SES not answering in time is as
      // good a sign of an outage as a refusal: the run stops spending sends on it.
      if (outcome === 'gave-up') counts.gaveUp++
      else if (outcome === 'unknown') counts.unknown++
      else counts.failed++
      failuresInARow++
    }
  }

  /** Paced, then sent beside the others in flight (at most RETRY_CONCURRENCY of them). */
  const launch = async (enquiry: Enquiry) => {
    await pacer.wait()
    if (stopped()) {
      counts.deferred++
      return
    }
    while (inFlight.size >= RETRY_CONCURRENCY) await Promise.race(inFlight)
    const running = send(enquiry)
      .catch((error: unknown) => failed(enquiry.id, error))
      .finally(() => inFlight.delete(running))
    inFlight.add(running)
  }

  for (const id of ids) {
    if (stopped()) {
      counts.deferred++
      continue
    }
    try {
      const now = deps.now()
      const enquiry = await deps.store.get(id, AbortSignal.timeout(READ_WITHIN_MS))
      if (enquiry?.emailStatus !== 'pending' || !enquiry.emailPending) continue
      if (isExpired(enquiry, now)) continue
      if (enquiry.emailAttempts >= MAX_EMAIL_ATTEMPTS) {
        // Out of attempts but still in the index (stored before given-up enquiries left it).
        await giveUp(deps, id, enquiry.emailAttempts, AbortSignal.timeout(READ_WITHIN_MS))
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
      await launch(enquiry)
    } catch (error) {
      failed(id, error)
    }
  }
  await Promise.all(inFlight)
  // SES is back: what was waiting out the outage's backoff goes now, not an hour later.
  for (const enquiry of waiting) {
    if (sesWorks) await launch(enquiry)
    else counts.waiting++
  }
  await Promise.all(inFlight)
  // Every run says how many the stream's sender left to it, 0 included (its alarm reads a
  // missing series as the retry not running).
  countEnquiry(deps.metrics, 'EnquiryEmailedByRetry', counts.byRetry)
  const summary: RetrySummary = {
    pendingCount: ids.length,
    sentCount: counts.sent,
    failedCount: counts.failed,
    gaveUpCount: counts.gaveUp,
    unknownCount: counts.unknown,
    waitingCount: counts.waiting,
    claimedCount: counts.claimed,
    deferredCount: counts.deferred,
    emailedInsteadOfSenderCount: counts.byRetry,
  }
  // Quiet when there was nothing to do: the schedule runs every minute.
  if (ids.length > 0) deps.log({ level: 'info', event: 'enquiry_email_retry_run', ...summary })
  return summary
}

/**
 * Whether the stream's sender never touched an enquiry: stored pending (its status unchanged
 * since), never claimed, never tried. The table's write should have started the sender within a
 * second, and it claims before it sends: an enquiry like this a minute on means the sender is not
 * running. A requeued or released enquiry (status changed since it was stored) is the retry's own.
 */
function untouchedBySender(enquiry: Enquiry): boolean {
  return (
    enquiry.emailStatusAt === enquiry.createdAt &&
    enquiry.emailAttempts === 0 &&
    enquiry.emailClaimedUntil === undefined &&
    enquiry.emailOutcomesUnknown === undefined
  )
}
