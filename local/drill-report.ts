/**
 * The verdicts and figures of `npm run drill` (local/drill.ts), as pure functions: one line
 * per drill, PASS only when every check of it holds, and the exit code.
 */

export interface DrillCheck {
  /** What must hold, in words an ops person reads. */
  readonly name: string
  readonly ok: boolean
}

export interface DrillResult {
  readonly name: string
  readonly checks: readonly DrillCheck[]
  /** The measured figures, in the order they are printed. */
  readonly figures: readonly string[]
}

/** A drill passes when it ran at least one check and every check held. */
export function passed(result: DrillResult): boolean {
  return result.checks.length > 0 && result.checks.every((check) => check.ok)
}

/** `PASS  name: figures` or `FAIL  name: figures; failed: check, check`. */
export function drillLine(result: DrillResult): string {
  const failed = result.checks.filter((check) => !check.ok).map((check) => check.name)
  const figures = result.figures.join(', ')
  if (passed(result)) return `PASS  ${result.name}: ${figures}`
  const why = result.checks.length === 0 ? 'no check ran' : failed.join('; ')
  return `FAIL  ${result.name}: ${figures}${figures ? '; ' : ''}failed: ${why}`
}

/** 1 when any drill failed (or none ran), else 0. */
export function drillExitCode(results: readonly DrillResult[]): number {
  return results.length > 0 && results.every(passed) ? 0 : 1
}

/** The nearest-rank percentile of some durations (0 for none). */
export function percentile(values: readonly number[], share: number): number {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(share * sorted.length)))
  return sorted[rank - 1] as number
}

/** A duration for people: `850 ms`, `12.3 s`, `3 min 20 s`, `3 h 20 min`. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms)) return 'never'
  if (ms < 1_000) return `${Math.round(ms)} ms`
  if (ms < 60_000) return `${(ms / 1_000).toFixed(1)} s`
  const minutes = Math.floor(ms / 60_000)
  if (minutes < 60) {
    const seconds = Math.round((ms % 60_000) / 1_000)
    return seconds === 0 ? `${minutes} min` : `${minutes} min ${seconds} s`
  }
  const rest = minutes % 60
  return rest === 0 ? `${Math.floor(minutes / 60)} h` : `${Math.floor(minutes / 60)} h ${rest} min`
}

/** Answers counted by status, e.g. `201×40 503×12`. */
export function formatStatuses(statuses: readonly number[]): string {
  const counts = new Map<number, number>()
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1)
  return (
    [...counts.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status === 0 ? 'no answer' : status}×${count}`)
      .join(' ') || 'none'
  )
}

/**
 * How long the deployed schedule takes to drain a backlog: the runs it needs at the throughput
 * one run achieved, each waiting its turn on the schedule (runs start `intervalMs` apart; the
 * first one up to an interval after the backlog forms).
 */
export function deployedDrainMs(
  backlog: number,
  sentPerRun: number,
  intervalMs: number,
  concurrentRuns = 1,
): number {
  if (backlog <= 0) return 0
  if (sentPerRun <= 0 || concurrentRuns <= 0) return Number.POSITIVE_INFINITY
  const rounds = Math.ceil(backlog / (sentPerRun * concurrentRuns))
  return rounds * intervalMs
}
