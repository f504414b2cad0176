/**
 * Every AWS call the live retention check makes goes through here: each one ends within its own
 * limit and what is left of the whole run (an endpoint that accepts and never answers included),
 * and a failure becomes a `CallFailed` naming the IAM action and why (access denied, no answer,
 * or the service's error), which the check reports as a FAIL, never a crash.
 */

/** How long one call may take unless the whole run has less left. */
export const CALL_LIMIT_MS = 10_000

export type FailureKind = 'access denied' | 'no answer' | 'not found' | 'error'

export class CallFailed extends Error {
  override readonly name = 'CallFailed'
  /** The IAM action, e.g. `dynamodb:DescribeTimeToLive`. */
  readonly action: string
  readonly kind: FailureKind

  constructor(action: string, kind: FailureKind, reason: string) {
    super(`${action}: ${reason}`)
    this.action = action
    this.kind = kind
  }
}

/** What a run's calls share: the time left, and the actions made (for the auditor's policy). */
export interface Calls {
  /**
   * `call` within the per-call limit (or what is left of the run): its signal aborts then, and
   * the answer is a `CallFailed` of kind "no answer" whether or not `call` heeds it. `limitMs`
   * lengthens the limit of a call that is several requests by design (a poll, a scan).
   */
  send<T>(action: string, call: (signal: AbortSignal) => Promise<T>, limitMs?: number): Promise<T>
  /** What is left of the whole run, in ms. */
  remainingMs(): number
  /** Every IAM action asked for so far. */
  readonly actions: ReadonlySet<string>
}

const denied = /AccessDenied|not authorized|UnauthorizedOperation|Forbidden/i
const missing = /NotFound|NoSuch|does not exist/i

/** Why an AWS error ended a call, in words an auditor reads. */
function classify(action: string, error: unknown): CallFailed {
  if (error instanceof CallFailed) return error
  const name = error instanceof Error ? error.name : ''
  const message = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ')
  if (denied.test(`${name} ${message}`)) {
    return new CallFailed(
      action,
      'access denied',
      `access denied (${name || 'AccessDenied'}): the credentials may not make this call; the stage's auditor policy allows it`,
    )
  }
  if (missing.test(name) || (name === 'ValidationError' && missing.test(message))) {
    return new CallFailed(action, 'not found', `not found (${name}: ${message.slice(0, 200)})`)
  }
  return new CallFailed(action, 'error', `${name || 'Error'}: ${message.slice(0, 300)}`)
}

export function callsWithin(
  totalMs: number,
  callLimitMs = CALL_LIMIT_MS,
  now: () => number = Date.now,
): Calls {
  const deadline = now() + totalMs
  const actions = new Set<string>()
  // An action that went unanswered once is not asked again this run: a hung service costs one
  // call's limit, not one per resource.
  const unanswered = new Map<string, CallFailed>()
  const remainingMs = () => Math.max(0, deadline - now())
  return {
    actions,
    remainingMs,
    async send<T>(
      action: string,
      call: (signal: AbortSignal) => Promise<T>,
      limitMs = callLimitMs,
    ) {
      actions.add(action)
      const earlier = unanswered.get(action)
      if (earlier) {
        throw new CallFailed(
          action,
          'no answer',
          `not asked: an earlier call ${earlier.message.replace(`${action}: `, '')}`,
        )
      }
      const limit = Math.min(limitMs, remainingMs())
      const controller = new AbortController()
      let timer: NodeJS.Timeout | undefined
      const expired = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          controller.abort()
          reject(
            new CallFailed(
              action,
              'no answer',
              `no answer within ${Math.round(limit / 100) / 10} s`,
            ),
          )
        }, limit)
      })
      const work = call(controller.signal)
      work.catch(() => {})
      try {
        return await Promise.race([work, expired])
      } catch (error) {
        const failed = classify(action, error)
        if (failed.kind === 'no answer') unanswered.set(action, failed)
        throw failed
      } finally {
        clearTimeout(timer)
      }
    },
  }
}

/** An AWS SDK client class, made for one region. */
export type ClientClass<Client> = new (config: {
  readonly region: string
  readonly maxAttempts?: number
}) => Client

/** What the live checks reach AWS through: the run's calls, and one client per service and region. */
export interface LiveAws {
  readonly calls: Calls
  client<Client extends { destroy(): void }>(Service: ClientClass<Client>, region: string): Client
}

/**
 * Clients made when first needed, one per service and region, closed together by `close`. Two
 * attempts each: a call's limit bounds both.
 */
export function liveAws(calls: Calls, config: Record<string, unknown> = {}) {
  const clients = new Map<string, { destroy(): void }>()
  return {
    calls,
    client<Client extends { destroy(): void }>(Service: ClientClass<Client>, region: string) {
      const key = `${Service.name}@${region}`
      let client = clients.get(key) as Client | undefined
      if (!client) {
        client = new Service({ maxAttempts: 2, ...config, region })
        clients.set(key, client)
      }
      return client
    },
    close() {
      for (const client of clients.values()) client.destroy()
      clients.clear()
    },
  } satisfies LiveAws & { close(): void }
}
