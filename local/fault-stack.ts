import { once } from 'node:events'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { OUTCOME_UNKNOWN_EVENT } from '#functions/enquiries/notify.ts'
import type { LogEntry, Logger } from '#functions/log.ts'
import { type FaultyPipeline, startLocalPipeline } from './pipeline.ts'

/**
 * The local pipeline with a fault proxy in front of each AWS stand-in and the contact API on a
 * loopback port of its own, for the drills (`npm run drill`) and the fault runs (`npm run
 * bench:api`, local/faults/). It keeps what the server answered, request by request.
 */

/**
 * Counted for each SES send cut off by a deadline (an outcome `unknown`). SES may still have
 * accepted such an e-mail; the enquiry stays pending, held off, and is sent again once the
 * hold-off is over unless a delivery event recorded it first: the one documented way to a second
 * e-mail (docs/operations.md). A busy machine makes these happen under the tests' small loads too.
 */
export const SEND_CUT_OFF = 'send_cut_off_by_deadline'

/** A logger that counts events (the bench prints some of them). */
export function countingLogger() {
  const counts = new Map<string, number>()
  const log: Logger = (entry: LogEntry) => {
    counts.set(entry.event, (counts.get(entry.event) ?? 0) + 1)
    if (entry.event === OUTCOME_UNKNOWN_EVENT) {
      counts.set(SEND_CUT_OFF, (counts.get(SEND_CUT_OFF) ?? 0) + 1)
    }
  }
  return { log, count: (event: string) => counts.get(event) ?? 0, reset: () => counts.clear() }
}

export interface ServedRequest {
  readonly key: string | undefined
  readonly status: number
}

export interface FaultStack extends FaultyPipeline {
  /** The API's origin (POST `${url}/api/contacts`), on a free loopback port. */
  readonly url: string
  readonly events: ReturnType<typeof countingLogger>
  /** What the server answered, request by request (including answers a client gave up on). */
  readonly served: ServedRequest[]
  /** Resolves once no request is being handled. */
  drained(): Promise<void>
}

/** dynalite and aws-ses-v2-local (in memory), each behind a fault proxy, and the contact API. */
export async function startFaultStack(): Promise<FaultStack> {
  const events = countingLogger()
  const pipeline = await startLocalPipeline({
    faults: true,
    retryIntervalMs: false,
    log: events.log,
  })
  const served: ServedRequest[] = []
  let inFlight = 0
  let idle: (() => void)[] = []
  const server = createServer((req, res) => {
    inFlight++
    const key = req.headers['idempotency-key']
    pipeline
      .handle(req, res)
      .catch(() => res.destroy())
      .finally(() => {
        served.push({ key: typeof key === 'string' ? key : undefined, status: res.statusCode })
        inFlight--
        if (inFlight === 0) for (const resolve of idle.splice(0)) resolve()
      })
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return {
    ...pipeline,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    events,
    served,
    drained: () =>
      inFlight === 0 ? Promise.resolve() : new Promise((resolve) => idle.push(resolve)),
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
      idle = []
      await pipeline.close()
    },
  }
}
