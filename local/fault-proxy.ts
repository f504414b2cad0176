import { once } from 'node:events'
import {
  Agent,
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * An HTTP proxy in front of an emulator that makes the service misbehave as a struggling one
 * does, for the drills and the fault runs (local/drills/, local/faults/), on loopback
 * only. The mode is read per request, before anything is forwarded: a request is served whole or
 * refused whole, so a refusal never half-delivers (an e-mail accepted by SES whose answer is lost
 * would be sent twice).
 *
 * - `up`: requests pass through.
 * - `hang`: connections are accepted, requests swallowed, no answer given (a black hole, as a
 *   stopped process or a lost route looks to a client); they are closed when the service is up.
 *   Answers to requests that reached the service before still come back.
 * - `drip`: each answer's headers at once, its body one byte every `everyMs`: a service that
 *   answers but drips, which no per-attempt timeout of the SDK ends (it bounds the wait for
 *   headers only). Dripping answers are sent whole once the service is up.
 * - `late`: each request reaches the service at once (SES accepts the e-mail), its answer is held
 *   back `delayMs`: a slow but working service.
 * - `reset`: each request's connection is dropped.
 * - `unavailable`: SES's own 503 answer (a retryable refusal).
 * - `reject`: SES's 400 MessageRejected (a refusal no retry of the SDK repeats).
 * - `hold`: the requests a matcher picks (by their body) wait `delayMs` before they reach the
 *   service, and never reach it when their client gave up first: a slow table whose queued
 *   writes are not applied once abandoned; every other request passes at once.
 */
export type FaultMode =
  | 'up'
  | 'hang'
  | 'drip'
  | 'late'
  | 'hold'
  | 'reset'
  | 'unavailable'
  | 'reject'

export interface FaultProxy {
  readonly url: string
  readonly mode: FaultMode
  /** Requests refused or swallowed (every mode but `up`, `drip` and `late`) since the proxy started. */
  readonly refused: number
  up(): void
  hang(): void
  drip(everyMs: number): void
  /** Every answer `delayMs` after the service gave it. */
  late(delayMs: number): void
  /** The requests `picks` chooses (by their headers and body) reach the service `delayMs` late. */
  hold(delayMs: number, picks: (request: HeldRequest) => boolean): void
  /** A service that refuses each request: `reset` (the default), `unavailable` or `reject`. */
  down(how?: 'reset' | 'unavailable' | 'reject'): void
  close(): Promise<void>
}

const refusals = {
  unavailable: {
    status: 503,
    body:
      '<ErrorResponse><Error><Type>Receiver</Type><Code>ServiceUnavailable</Code>' +
      '<Message>Service unavailable (switched off by the fault run)</Message></Error>' +
      '<RequestId>fault</RequestId></ErrorResponse>',
  },
  reject: {
    status: 400,
    body:
      '<ErrorResponse><Error><Type>Sender</Type><Code>MessageRejected</Code>' +
      '<Message>Refused by the drill</Message></Error><RequestId>drill</RequestId></ErrorResponse>',
  },
} as const

/** A request as the `hold` mode's matcher sees it. */
export interface HeldRequest {
  readonly headers: IncomingMessage['headers']
  readonly body: string
}

/** An answer being dripped: the body bytes still to send, and whether the service finished it. */
interface Dripping {
  readonly res: ServerResponse
  pending: Buffer
  ended: boolean
}

export async function startFaultProxy(target: string, host = '127.0.0.1'): Promise<FaultProxy> {
  const upstream = new URL(target)
  const agent = new Agent({ keepAlive: true })
  let mode: FaultMode = 'up'
  let refused = 0
  let dripTimer: NodeJS.Timeout | undefined
  let lateMs = 0
  const lateAnswers = new Set<NodeJS.Timeout>()
  const swallowed = new Set<IncomingMessage>()
  const dripping = new Set<Dripping>()

  /** Sends one byte of the answer (`oneByte`) or all that has come, ending it once complete. */
  const flush = (answer: Dripping, oneByte: boolean) => {
    const count = oneByte ? 1 : answer.pending.length
    if (count > 0 && answer.pending.length > 0) {
      answer.res.write(answer.pending.subarray(0, count))
      answer.pending = answer.pending.subarray(count)
    }
    if (answer.ended && answer.pending.length === 0) {
      answer.res.end()
      dripping.delete(answer)
    }
  }

  let holdMs = 0
  let holds: (request: HeldRequest) => boolean = () => false
  const heldRequests = new Set<NodeJS.Timeout>()

  const forward = (req: IncomingMessage, res: ServerResponse, body?: Buffer) => {
    const outgoing = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
        agent,
      },
      (answer) => {
        if (mode === 'late') {
          // Read whole (the service has done its work), then answered late.
          const chunks: Buffer[] = []
          answer.on('data', (chunk: Buffer) => chunks.push(chunk))
          answer.on('end', () => {
            const timer = setTimeout(() => {
              lateAnswers.delete(timer)
              res.writeHead(answer.statusCode ?? 502, answer.headers).end(Buffer.concat(chunks))
            }, lateMs)
            lateAnswers.add(timer)
          })
          return
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        if (mode !== 'drip') {
          answer.pipe(res)
          return
        }
        res.flushHeaders()
        const drip: Dripping = { res, pending: Buffer.alloc(0), ended: false }
        dripping.add(drip)
        answer.on('data', (chunk: Buffer) => {
          drip.pending = Buffer.concat([drip.pending, chunk])
          if (mode !== 'drip') flush(drip, false)
        })
        answer.on('end', () => {
          drip.ended = true
          if (mode !== 'drip') flush(drip, false)
        })
      },
    )
    outgoing.on('error', () => res.destroy())
    if (body) outgoing.end(body)
    else req.pipe(outgoing)
  }

  /** Reads the request whole, then forwards it at once or, when picked, `holdMs` later. */
  const forwardHeld = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    let gone = false
    res.on('close', () => {
      gone = !res.writableEnded
    })
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      if (!holds({ headers: req.headers, body: body.toString('utf8') })) {
        forward(req, res, body)
        return
      }
      const timer = setTimeout(() => {
        heldRequests.delete(timer)
        // Abandoned by its client while it waited: it never reaches the service.
        if (gone || req.socket.destroyed) return
        forward(req, res, body)
      }, holdMs)
      heldRequests.add(timer)
    })
  }

  const server = createServer((req, res) => {
    switch (mode) {
      case 'up':
      case 'drip':
      case 'late':
        forward(req, res)
        return
      case 'hold':
        forwardHeld(req, res)
        return
      case 'hang':
        refused++
        swallowed.add(req)
        req.resume()
        return
      case 'reset':
        refused++
        req.socket.destroy()
        return
      default: {
        refused++
        req.resume()
        const { status, body } = refusals[mode]
        res.writeHead(status, { 'content-type': 'text/xml' }).end(body)
      }
    }
  })
  server.listen(0, host)
  await once(server, 'listening')

  const stopDripping = () => {
    clearInterval(dripTimer)
    dripTimer = undefined
  }
  return {
    url: `http://${host}:${(server.address() as AddressInfo).port}`,
    get mode() {
      return mode
    },
    get refused() {
      return refused
    },
    up() {
      mode = 'up'
      stopDripping()
      for (const answer of [...dripping]) flush(answer, false)
      // What was swallowed can never be answered right: closed, as a timeout would.
      for (const req of swallowed) req.socket.destroy()
      swallowed.clear()
    },
    hang() {
      mode = 'hang'
    },
    drip(everyMs) {
      mode = 'drip'
      stopDripping()
      dripTimer = setInterval(() => {
        for (const answer of [...dripping]) flush(answer, true)
      }, everyMs)
    },
    late(delayMs) {
      mode = 'late'
      stopDripping()
      lateMs = delayMs
    },
    hold(delayMs, picks) {
      mode = 'hold'
      stopDripping()
      holdMs = delayMs
      holds = picks
    },
    down(how = 'reset') {
      mode = how
    },
    async close() {
      stopDripping()
      for (const timer of lateAnswers) clearTimeout(timer)
      for (const timer of heldRequests) clearTimeout(timer)
      for (const req of swallowed) req.socket.destroy()
      for (const { res } of dripping) res.destroy()
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
      agent.destroy()
    },
  }
}
