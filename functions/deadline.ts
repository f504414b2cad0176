/**
 * A time budget started once (at the start of a request) and cut into phases: `by(ms)` is an
 * abort signal that fires `ms` after the start, so every AWS call of a phase, with all its SDK
 * attempts, ends by then whatever the network does.
 */
export interface Deadline {
  by(msFromStart: number): AbortSignal
  elapsedMs(): number
}

export function startDeadline(now: () => number = () => performance.now()): Deadline {
  const started = now()
  return {
    by: (msFromStart) =>
      AbortSignal.timeout(Math.max(0, Math.round(msFromStart - (now() - started)))),
    elapsedMs: () => now() - started,
  }
}
