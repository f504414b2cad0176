import { monotonicMs } from '../deadline.ts'

/** Time as the pacer sees it: real (a monotonic clock, timers) or a test's fake clock. */
export interface PacerClock {
  now(): number
  sleep(ms: number): Promise<void>
}

export const realClock: PacerClock = {
  now: monotonicMs,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
}

/**
 * Spaces calls at most `perSecond` a second, evenly (no bursts): SES counts its maximum send
 * rate per second, and a burst over it is refused with `Throttling`, which would cost attempts.
 * Callers may wait at the same time: each takes its own slot before it sleeps.
 */
export function createPacer(perSecond: number, clock: PacerClock = realClock) {
  const intervalMs = 1_000 / perSecond
  let nextAt = Number.NEGATIVE_INFINITY
  return {
    /** Resolves when the next call may start. */
    async wait(): Promise<void> {
      const now = clock.now()
      const slot = Math.max(now, nextAt)
      nextAt = slot + intervalMs
      if (slot > now) await clock.sleep(slot - now)
    },
  }
}
