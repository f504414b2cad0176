import { once } from 'node:events'
import { type AddressInfo, connect, createServer as createTcpServer, type Socket } from 'node:net'

/**
 * A TCP proxy in front of an emulator, for the drills (infra/local/drill.ts): it passes traffic
 * through, or makes the service misbehave as a struggling one does, on loopback only.
 */
export interface MisbehavingProxy {
  readonly url: string
  /**
   * From now on no request reaches the service: connections are accepted, requests swallowed,
   * no answer given (a black hole, as a stopped process or a lost route looks to a client).
   */
  hang(): void
  /**
   * From now on each answer's headers arrive at once and its body one byte every `everyMs`: a
   * service that answers but drips, which no per-attempt timeout of the SDK ends (it bounds the
   * wait for headers only).
   */
  drip(everyMs: number): void
  /**
   * Answers flow again: what was dripping is sent at once; connections that lost bytes while
   * hung are closed (as a timeout would).
   */
  resume(): void
  close(): Promise<void>
}

interface Pair {
  readonly client: Socket
  readonly upstream: Socket
  /** Bytes of requests swallowed while hung: the connection can never be answered right. */
  lost: boolean
  /** Answer bytes waiting to drip out, and where the current answer's body ends. */
  pending: Buffer
  headersDone: boolean
  bodyLeft: number
  /** The service closed the connection: the client's side closes once the rest has gone out. */
  upstreamClosed: boolean
}

const headerEnd = Buffer.from('\r\n\r\n')

export async function startMisbehavingProxy(
  target: string,
  host = '127.0.0.1',
): Promise<MisbehavingProxy> {
  const upstreamUrl = new URL(target)
  let mode: 'pass' | 'hang' | 'drip' = 'pass'
  let dripTimer: NodeJS.Timeout | undefined
  const pairs = new Set<Pair>()

  const end = (pair: Pair) => {
    pairs.delete(pair)
    pair.client.destroy()
    pair.upstream.destroy()
  }

  /** Sends whatever may go now: all of it when passing, else headers whole and a body byte. */
  const flush = (pair: Pair, dripTick: boolean) => {
    send(pair, dripTick)
    if (pair.upstreamClosed && pair.pending.length === 0) end(pair)
  }
  const send = (pair: Pair, dripTick: boolean) => {
    while (pair.pending.length > 0) {
      if (mode !== 'drip') {
        pair.client.write(pair.pending)
        pair.pending = Buffer.alloc(0)
        return
      }
      if (!pair.headersDone) {
        const end = pair.pending.indexOf(headerEnd)
        if (end < 0) return
        const head = pair.pending.subarray(0, end + headerEnd.length)
        pair.bodyLeft = Number(
          /\r\ncontent-length: *(\d+)/i.exec(head.toString('latin1'))?.[1] ?? 0,
        )
        pair.client.write(head)
        pair.pending = pair.pending.subarray(head.length)
        pair.headersDone = true
        continue
      }
      if (pair.bodyLeft === 0) {
        pair.headersDone = false
        continue
      }
      if (!dripTick) return
      pair.client.write(pair.pending.subarray(0, 1))
      pair.pending = pair.pending.subarray(1)
      pair.bodyLeft--
      dripTick = false
    }
  }

  const server = createTcpServer((client) => {
    const upstream = connect(Number(upstreamUrl.port), upstreamUrl.hostname)
    const pair: Pair = {
      client,
      upstream,
      lost: false,
      pending: Buffer.alloc(0),
      headersDone: false,
      bodyLeft: 0,
      upstreamClosed: false,
    }
    pairs.add(pair)
    client.on('data', (chunk) => {
      if (mode === 'hang' || pair.lost) {
        pair.lost = true
        return
      }
      upstream.write(chunk)
    })
    // Answers to requests that reached the service before a hang still come back: a service
    // that stops taking requests, not one that sends an e-mail and loses the answer (that case,
    // a second e-mail by design, is docs/operations.md's to state, not a drill's to provoke).
    upstream.on('data', (chunk) => {
      if (pair.lost) return
      pair.pending = Buffer.concat([pair.pending, chunk])
      flush(pair, false)
    })
    client.on('close', () => end(pair))
    client.on('error', () => end(pair))
    upstream.on('error', () => end(pair))
    upstream.on('close', () => {
      pair.upstreamClosed = true
      flush(pair, false)
    })
  })
  server.listen(0, host)
  await once(server, 'listening')
  return {
    url: `http://${host}:${(server.address() as AddressInfo).port}`,
    hang() {
      mode = 'hang'
    },
    drip(everyMs) {
      mode = 'drip'
      dripTimer = setInterval(() => {
        for (const pair of pairs) flush(pair, true)
      }, everyMs)
    },
    resume() {
      mode = 'pass'
      clearInterval(dripTimer)
      for (const pair of [...pairs]) {
        if (pair.lost) {
          pair.client.destroy()
          pair.upstream.destroy()
        } else {
          flush(pair, false)
          pair.headersDone = false
          pair.bodyLeft = 0
        }
      }
    },
    async close() {
      clearInterval(dripTimer)
      for (const { client, upstream } of pairs) {
        client.destroy()
        upstream.destroy()
      }
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
