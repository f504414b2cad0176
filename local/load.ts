import { randomUUID } from 'node:crypto'
import { Agent, request } from 'node:http'
import { createPacer } from '#functions/notification-retry/pacer.ts'
import { contactApi } from '#shared/contact.ts'
import { sampleEnquiry } from '#shared/sample-enquiry.ts'
import { percentile } from './drill-report.ts'
import type { FaultStack, ServedRequest } from './fault-stack.ts'

/**
 * The one load loop of the local stack, shared by the drills (`npm run drill`) and the fault
 * runs (`npm run bench:api`): visitors posting enquiries at the contact API on loopback, at a
 * fixed concurrency, bounded in time and in count.
 */

export interface LoadOptions {
  /** Concurrent connections, each sending one request after another. */
  readonly connections: number
  /** How long requests are started for; without it the run ends once `maxRequests` are answered. */
  readonly durationSeconds?: number
  /** A cap on requests started, whatever the time (required without `durationSeconds`). */
  readonly maxRequests?: number
  /**
   * The share of requests that repeat an earlier request's Idempotency-Key, as a browser
   * retrying a submission would. Each must come back 201 with the original id and store nothing.
   * @default 0.2
   */
  readonly repeatShare?: number
  /**
   * Called once the load is `atShare` (0–1) of the way through, e.g. to switch a service off.
   * Progress is whichever bound is nearer: time against `durationSeconds` or answers against
   * `maxRequests`, so on a slow machine the action still lands among the requests, not before
   * the first answer or after the last.
   */
  readonly during?: readonly { readonly atShare: number; readonly action: () => void }[]
  /** The address every request uses (its enquiries are found by it); a new one by default. */
  readonly email?: string
  /** How long a request may take before the load generator gives up on it. @default 30 */
  readonly timeoutSeconds?: number
  /**
   * Requests started a second at most, across all connections, evenly: the rate a deployed
   * API's throttle admits. Without it, each connection sends as soon as its last answer came.
   */
  readonly requestsPerSecond?: number
}

/** One answer the load generator received (requests that got none are counted apart). */
export interface LoadAnswer {
  readonly status: number
  readonly retryAfter: string | undefined
}

export interface LoadResult {
  /** The address every request of the run used: its enquiries are found by it. */
  readonly email: string
  readonly durationSeconds: number
  readonly connections: number
  /** Answers received per second of the run. */
  readonly requestsPerSecond: number
  readonly latencyMs: { readonly p50: number; readonly p99: number; readonly max: number }
  /** Answers the load generator received, by status. */
  readonly statuses: Readonly<Record<number, number>>
  readonly count2xx: number
  /** Everything else: other statuses, errors, timeouts. */
  readonly countOther: number
  /** Requests that got no answer (a dropped connection, or given up after the timeout). */
  readonly errors: number
  /** Of those, the ones given up after the timeout. */
  readonly timeouts: number
  /** Answers the server gave, including those to requests the load generator gave up on. */
  readonly served: readonly ServedRequest[]
  /** Ids the load generator was given in 201 answers. */
  readonly acceptedIds: ReadonlySet<string>
  /** 201 answers whose Idempotency-Key had been answered 201 before (genuine retries). */
  readonly repeated201: number
  /** The first body of each non-2xx status. */
  readonly messages: Readonly<Record<number, string>>
  /** The first Retry-After header of each non-2xx status. */
  readonly retryAfter: Readonly<Record<number, string | undefined>>
  /** Every answer received, in order. */
  readonly answers: readonly LoadAnswer[]
}

/** One valid enquiry, the same for the whole run, from an address of its own. */
export function enquiryBody(email: string) {
  return JSON.stringify({ ...sampleEnquiry, email })
}

/**
 * `connections` visitors posting enquiries one after another at the contact API, until the time
 * or the count runs out; every request started is awaited (or given up on after its timeout), so
 * no answer goes uncounted. Each request carries an Idempotency-Key: a new one, or (for
 * `repeatShare` of them) one already sent.
 */
export async function runLoad(
  stack: Pick<FaultStack, 'url' | 'served' | 'drained' | 'trigger'>,
  options: LoadOptions,
): Promise<LoadResult> {
  if (options.durationSeconds === undefined && options.maxRequests === undefined) {
    throw new Error('runLoad needs durationSeconds, maxRequests or both')
  }
  const email = options.email ?? `load-${randomUUID().slice(0, 8)}@example.co.uk`
  const body = enquiryBody(email)
  const repeatShare = options.repeatShare ?? 0.2
  const timeoutMs = (options.timeoutSeconds ?? 30) * 1_000
  const sentKeys: string[] = []
  const acceptedIds = new Set<string>()
  const messages: Record<number, string> = {}
  const retryAfter: Record<number, string | undefined> = {}
  const answers: LoadAnswer[] = []
  const latencies: number[] = []
  let errors = 0
  let timeouts = 0
  const servedBefore = stack.served.length

  const pending = [...(options.during ?? [])].sort((a, b) => a.atShare - b.atShare)
  const startedAt = performance.now()
  const stopAt = startedAt + (options.durationSeconds ?? Number.POSITIVE_INFINITY) * 1_000
  let started = 0
  let finished = 0
  const pacer = options.requestsPerSecond ? createPacer(options.requestsPerSecond) : undefined
  const fireDue = () => {
    const byTime =
      options.durationSeconds === undefined
        ? 0
        : (performance.now() - startedAt) / (options.durationSeconds * 1000)
    const byCount = options.maxRequests === undefined ? 0 : finished / options.maxRequests
    const progress = Math.max(byTime, byCount)
    while (pending.length > 0 && (pending[0]?.atShare ?? 1) <= progress) pending.shift()?.action()
  }
  const ticker = setInterval(fireDue, 20)
  // One kept-alive connection per visitor, as each browser would hold (node:http: a lighter
  // client than fetch, so the load generator takes less of the machine from the server).
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections })
  const url = new URL(`${stack.url}${contactApi.path}`)
  const mayStart = () =>
    performance.now() < stopAt && started < (options.maxRequests ?? Number.POSITIVE_INFINITY)
  const visitor = async () => {
    while (mayStart()) {
      // Asked again after the pacer's wait: the time or the count may have run out meanwhile.
      if (pacer) await pacer.wait()
      if (!mayStart()) break
      started++
      const repeat = sentKeys.length > 0 && Math.random() < repeatShare
      const key = repeat
        ? (sentKeys[Math.floor(Math.random() * sentKeys.length)] as string)
        : randomUUID()
      if (!repeat) sentKeys.push(key)
      const begun = performance.now()
      try {
        const response = await post(agent, url, key, body, timeoutMs)
        latencies.push(performance.now() - begun)
        const answer = { status: response.status, retryAfter: response.retryAfter }
        answers.push(answer)
        if (answer.status === 201) {
          acceptedIds.add((JSON.parse(response.text) as { id: string }).id)
        } else {
          messages[answer.status] ??= response.text
          retryAfter[answer.status] ??= answer.retryAfter
        }
      } catch (error) {
        errors++
        if (error instanceof LoadTimeout) timeouts++
      }
      finished++
      fireDue()
    }
  }
  await Promise.all(Array.from({ length: options.connections }, visitor))
  clearInterval(ticker)
  agent.destroy()
  const elapsedSeconds = (performance.now() - startedAt) / 1_000
  await stack.drained()
  // And what the writes started (the enquiry sender): the load's e-mails are all sent or owed.
  await stack.trigger.settled()

  const served = stack.served.slice(servedBefore)
  const seen = new Set<string>()
  let repeated201 = 0
  for (const { key, status } of served) {
    if (status !== 201 || key === undefined) continue
    if (seen.has(key)) repeated201++
    seen.add(key)
  }
  const statuses: Record<number, number> = {}
  for (const { status } of answers) statuses[status] = (statuses[status] ?? 0) + 1
  const count2xx = answers.filter(({ status }) => status >= 200 && status < 300).length
  const ms = (share: number) => Math.round(percentile(latencies, share))
  return {
    email,
    durationSeconds: elapsedSeconds,
    connections: options.connections,
    requestsPerSecond: answers.length / elapsedSeconds,
    latencyMs: { p50: ms(0.5), p99: ms(0.99), max: ms(1) },
    statuses,
    count2xx,
    countOther: answers.length - count2xx + errors,
    errors,
    timeouts,
    served,
    acceptedIds,
    repeated201,
    messages,
    retryAfter,
    answers,
  }
}

class LoadTimeout extends Error {}

/** One POST of the enquiry; rejects when the connection fails or no answer comes in time. */
function post(agent: Agent, url: URL, key: string, body: string, timeoutMs: number) {
  return new Promise<{ status: number; retryAfter: string | undefined; text: string }>(
    (resolve, reject) => {
      const req = request(
        url,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'idempotency-key': key,
          },
        },
        (res) => {
          let text = ''
          res.setEncoding('utf8')
          res.on('data', (chunk: string) => {
            text += chunk
          })
          res.on('end', () => {
            const header = res.headers['retry-after']
            resolve({ status: res.statusCode ?? 0, retryAfter: header, text })
          })
          res.on('error', reject)
        },
      )
      req.setTimeout(timeoutMs, () => req.destroy(new LoadTimeout('no answer in time')))
      req.on('error', reject)
      req.end(body)
    },
  )
}

/** The distinct Idempotency-Keys the server refused (503) and never answered 201. */
export function refusedKeys(result: LoadResult): Set<string> {
  const accepted = acceptedKeys(result)
  return new Set(
    result.served
      .filter(({ status, key }) => status === 503 && key !== undefined && !accepted.has(key))
      .map(({ key }) => key as string),
  )
}

/** The distinct Idempotency-Keys the server answered 201. */
export function acceptedKeys(result: LoadResult): Set<string> {
  return new Set(
    result.served
      .filter(({ status }) => status === 201)
      .map(({ key }) => key)
      .filter((key): key is string => key !== undefined),
  )
}
