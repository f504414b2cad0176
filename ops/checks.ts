import { AsyncLocalStorage } from 'node:async_hooks'
import { oneLine } from './command.ts'

/**
 * What `npm run preflight` and `npm run verify` share: a check is a line that passes or fails
 * with what to do, every call has a time limit, and a failure is told in one line, never a stack.
 */

export type Outcome = 'PASS' | 'FAIL'

export interface CheckResult {
  readonly check: string
  readonly outcome: Outcome
  /** What was found; for a failure, also what to do. */
  readonly detail: string
}

export const pass = (check: string, detail: string): CheckResult => ({
  check,
  outcome: 'PASS',
  detail,
})
export const fail = (check: string, detail: string): CheckResult => ({
  check,
  outcome: 'FAIL',
  detail,
})

/** How long one call to AWS or DNS may take, unless the whole command has less time left. */
export const CALL_LIMIT_MS = 10_000

export class CallTimedOut extends Error {
  constructor(limitMs: number) {
    super(`no answer within ${Math.round(limitMs / 100) / 10} s`)
    this.name = 'CallTimedOut'
  }
}

/** The deadline of the check being run (`TimeBudget.within`), for every call made within it. */
const checkDeadline = new AsyncLocalStorage<number>()

/**
 * The time a run has: a deadline for the whole, and a limit for each call within it; within one
 * check run by `within`, that check's own limit as well.
 */
export class TimeBudget {
  private readonly deadline: number
  private readonly callLimitMs: number
  private readonly now: () => number

  constructor(totalMs: number, callLimitMs = CALL_LIMIT_MS, now = () => Date.now()) {
    this.deadline = now() + totalMs
    this.callLimitMs = callLimitMs
    this.now = now
  }

  /** Whether the whole run's time is up. */
  get expired(): boolean {
    return this.now() >= this.deadline
  }

  /** What is left, in ms: of the check being run within its own limit, else of the whole run. */
  get remainingMs(): number {
    const end = Math.min(this.deadline, checkDeadline.getStore() ?? Number.POSITIVE_INFINITY)
    return Math.max(0, end - this.now())
  }

  /**
   * Runs `work` as one check with `limitMs` of its own, however long the checks beside or
   * before it take: every call it makes ends by then (through `ask`, which reads the limit from
   * the async context), and so does it, as a `CallTimedOut`.
   */
  within<T>(limitMs: number, work: () => Promise<T>): Promise<T> {
    return checkDeadline.run(this.now() + limitMs, () => this.ask(() => work(), limitMs))
  }

  /**
   * `call` within the limit of one call (or what is left of the whole): the signal it is given is
   * aborted when the time is up, and the answer is a `CallTimedOut` then, whether or not `call`
   * heeds the signal (a hung socket, a body that drips). A late failure is swallowed. A call that
   * is several requests by design (a poll) may be given a longer `limitMs`, still within the whole.
   */
  async ask<T>(
    call: (signal: AbortSignal) => Promise<T>,
    callLimitMs = this.callLimitMs,
  ): Promise<T> {
    const limitMs = Math.min(callLimitMs, this.remainingMs)
    const controller = new AbortController()
    let timer: NodeJS.Timeout | undefined
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort()
        reject(new CallTimedOut(limitMs))
      }, limitMs)
    })
    const work = call(controller.signal)
    work.catch(() => {})
    try {
      return await Promise.race([work, expired])
    } finally {
      clearTimeout(timer)
    }
  }
}

/** What to do about an error of AWS or the network, as the end of a FAIL line. */
export function explain(error: unknown): string {
  const name = error instanceof Error ? error.name : ''
  const text = withCause(error)
  if (name === 'CredentialsProviderError' || /credential/i.test(text)) {
    return `${text}: no usable AWS credentials; set AWS_PROFILE (or run aws sso login) for the stage's account`
  }
  if (/AccessDenied|not authorized|UnauthorizedOperation/i.test(`${name} ${text}`)) {
    return `${text}: the credentials may not read this; use a role with read access to the account (e.g. ReadOnlyAccess)`
  }
  if (error instanceof CallTimedOut || /ENOTFOUND|ECONNREFUSED|ECONNRESET|EAI_AGAIN/.test(text)) {
    return `${text}: check the network, or try again`
  }
  return text
}

/** An error in one line, with its cause (fetch says only "fetch failed"; the cause says why). */
export function withCause(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined
  const why = cause && (cause.code ?? (cause instanceof Error ? cause.message : undefined))
  return why ? `${oneLine(error)} (${why})` : oneLine(error)
}

/** One check of a run: its name (told if it cannot run) and what it does. */
export interface Check {
  readonly name: string
  readonly run: () => Promise<CheckResult | CheckResult[]>
}

/**
 * Runs the checks one after another. A check that throws is a FAIL with the error explained; once
 * the whole run's time is up, the checks left are FAILs saying so.
 */
export async function runChecks(
  checks: readonly Check[],
  budget: TimeBudget,
): Promise<CheckResult[]> {
  const results: CheckResult[] = []
  for (const check of checks) {
    if (budget.expired) {
      results.push(fail(check.name, 'not checked: the time limit ran out (give --timeout SECONDS)'))
      continue
    }
    try {
      const outcome = await check.run()
      results.push(...(Array.isArray(outcome) ? outcome : [outcome]))
    } catch (error) {
      results.push(fail(check.name, explain(error)))
    }
  }
  return results
}

/**
 * Runs the checks side by side, each within `limitMs` of its own (`TimeBudget.within`): a check
 * that hangs fails alone, at its limit, and takes no time from the others. The results keep the
 * checks' order; a check that throws is a FAIL with the error explained.
 */
export async function runChecksSideBySide(
  checks: readonly Check[],
  budget: TimeBudget,
  limitMs: number,
): Promise<CheckResult[]> {
  const outcomes = await Promise.all(
    checks.map((check) =>
      budget.within(limitMs, () => check.run()).catch((error) => fail(check.name, explain(error))),
    ),
  )
  return outcomes.flat()
}

/** 1 when any check failed, else 0. */
export const exitCodeOf = (results: readonly CheckResult[]) =>
  results.some((result) => result.outcome === 'FAIL') ? 1 : 0

/** Each result as a line: `PASS  check  detail`. */
export function formatLines(results: readonly CheckResult[]): string {
  const width = Math.max(0, ...results.map((result) => result.check.length))
  return results
    .map((result) => `${result.outcome}  ${result.check.padEnd(width)}  ${result.detail}`)
    .join('\n')
}

/** The results as a table with a header and a closing count. */
export function formatTable(results: readonly CheckResult[]): string {
  const width = Math.max('Check'.length, ...results.map((result) => result.check.length))
  const row = (outcome: string, check: string, detail: string) =>
    `${outcome.padEnd(6)}| ${check.padEnd(width)} | ${detail}`
  const failed = results.filter((result) => result.outcome === 'FAIL').length
  return [
    row('Result', 'Check', 'Detail'),
    `${'-'.repeat(6)}|${'-'.repeat(width + 2)}|${'-'.repeat(40)}`,
    ...results.map((result) => row(result.outcome, result.check, result.detail)),
    '',
    failed === 0
      ? `All ${results.length} checks passed.`
      : `${failed} of ${results.length} checks failed.`,
  ].join('\n')
}

/** Host names compared as DNS does: case-insensitive, with or without the final dot. */
export const sameHost = (a: string, b: string) =>
  a.toLowerCase().replace(/\.$/, '') === b.toLowerCase().replace(/\.$/, '')

/** Whether an AWS error says the thing asked for does not exist. */
export function isNotFound(error: unknown): boolean {
  const name = error instanceof Error ? error.name : ''
  return (
    /NotFound|NoSuch|ResourceNotFound/.test(name) ||
    (name === 'ValidationError' && /does not exist/.test(oneLine(error)))
  )
}
