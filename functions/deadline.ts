/**
 * A time budget started once (at the start of a request) and cut into phases: `by(ms)` is an
 * abort signal that fires `ms` after the start, so every AWS call of a phase, with all its SDK
 * attempts, ends by then whatever the network does.
 */
export interface Deadline {
  by(msFromStart: number): AbortSignal
  elapsedMs(): number
}

/**
 * Milliseconds on a monotonic clock. Not `performance.now()`: Node loads `perf_hooks` on the
 * global's first use, 0.75 ms of CPU on a cold start's first request (measured; fresh Node 24).
 */
export const monotonicMs = (): number => Number(process.hrtime.bigint()) / 1e6

export function startDeadline(now: () => number = monotonicMs): Deadline {
  const started = now()
  return {
    by: (msFromStart) =>
      AbortSignal.timeout(Math.max(0, Math.round(msFromStart - (now() - started)))),
    elapsedMs: () => now() - started,
  }
}
