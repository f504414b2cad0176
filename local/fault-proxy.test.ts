import { once } from 'node:events'
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FaultProxy, startFaultProxy } from './fault-proxy.ts'

/** The fault proxy, in front of a plain HTTP server: it must misbehave exactly as it says. */
let upstream: Server
let proxy: FaultProxy
const body = 'twelve bytes'

beforeAll(async () => {
  upstream = createServer((_req, res) => res.end(body)).listen(0, '127.0.0.1')
  await once(upstream, 'listening')
  proxy = await startFaultProxy(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`)
})

afterAll(async () => {
  await proxy?.close()
  upstream?.closeAllConnections()
  await new Promise((resolve) => upstream?.close(resolve))
})

interface Timing {
  status?: number
  headersMs?: number
  bodyMs?: number
  text: string
}

/** One GET through the proxy: when its headers came, when its body was whole (or the give-up). */
function get(giveUpMs: number) {
  return new Promise<Timing>((resolve) => {
    const started = performance.now()
    const timing: Timing = { text: '' }
    const req = request(`${proxy.url}/`, { agent: false }, (res) => {
      timing.status = res.statusCode
      timing.headersMs = performance.now() - started
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        timing.text += chunk
      })
      res.on('end', () => {
        timing.bodyMs = performance.now() - started
        resolve(timing)
      })
    })
    req.on('error', () => resolve(timing))
    req.setTimeout(giveUpMs, () => {
      req.destroy()
      resolve(timing)
    })
    req.end()
  })
}

describe('the fault proxy', () => {
  it('passes answers through whole', async () => {
    const answer = await get(2_000)
    expect(answer.text).toBe(body)
    expect(answer.bodyMs).toBeLessThan(1_000)
  })

  it('drips: the headers at once, then the body a byte at a time, until resumed', async () => {
    proxy.drip(100)
    try {
      const answer = await get(5_000)
      expect(answer.text).toBe(body)
      expect(answer.headersMs).toBeLessThan(500)
      // Twelve bytes, one every 100 ms.
      expect(answer.bodyMs).toBeGreaterThan(1_000)
    } finally {
      proxy.up()
    }
    expect((await get(2_000)).bodyMs).toBeLessThan(1_000)
  })

  it('answers late: the service is reached at once, its whole answer comes after the delay', async () => {
    let reached: number | undefined
    const started = performance.now()
    upstream.once('request', () => {
      reached = performance.now() - started
    })
    proxy.late(1_200)
    try {
      const answer = await get(5_000)
      expect(answer.text).toBe(body)
      expect(reached).toBeLessThan(500)
      expect(answer.headersMs).toBeGreaterThanOrEqual(1_150)
    } finally {
      proxy.up()
    }
    expect((await get(2_000)).bodyMs).toBeLessThan(1_000)
  })

  it('hangs: accepts the connection and never answers, until resumed', async () => {
    proxy.hang()
    try {
      const answer = await get(800)
      expect(answer.headersMs).toBeUndefined()
    } finally {
      proxy.up()
    }
    expect((await get(2_000)).text).toBe(body)
  })

  it("resets: drops each request's connection, until up", async () => {
    const before = proxy.refused
    proxy.down('reset')
    try {
      const answer = await get(2_000)
      expect(answer.headersMs).toBeUndefined()
      expect(proxy.refused).toBe(before + 1)
    } finally {
      proxy.up()
    }
    expect((await get(2_000)).text).toBe(body)
  })

  it('refuses as SES does: 503 ServiceUnavailable, or 400 MessageRejected', async () => {
    proxy.down('unavailable')
    try {
      const unavailable = await get(2_000)
      expect(unavailable.status).toBe(503)
      expect(unavailable.text).toContain('<Code>ServiceUnavailable</Code>')
      proxy.down('reject')
      const rejected = await get(2_000)
      expect(rejected.status).toBe(400)
      expect(rejected.text).toContain('<Code>MessageRejected</Code>')
    } finally {
      proxy.up()
    }
    const answer = await get(2_000)
    expect([answer.status, answer.text]).toEqual([200, body])
  })

  it('holds the requests it picks: they reach the service late, or never once their caller gave up', async () => {
    const reached: number[] = []
    const started = performance.now()
    const count = () => reached.push(performance.now() - started)
    upstream.on('request', count)
    proxy.hold(1_000, (request) => request.headers['x-pick'] === 'me')
    try {
      // A request it does not pick passes at once.
      expect((await get(2_000)).bodyMs).toBeLessThan(800)
      // One it picks, whose caller gives up first, never reaches the service.
      const abandoned = request(`${proxy.url}/`, { agent: false, headers: { 'x-pick': 'me' } })
      abandoned.on('error', () => {})
      abandoned.end()
      setTimeout(() => abandoned.destroy(), 300)
      const waited = await new Promise<number>((resolve) => {
        const kept = request(
          `${proxy.url}/`,
          { agent: false, headers: { 'x-pick': 'me' } },
          (res) => {
            res.resume()
            res.on('end', () => resolve(performance.now() - started))
          },
        )
        kept.end()
      })
      expect(waited).toBeGreaterThanOrEqual(950)
      await new Promise((resolve) => setTimeout(resolve, 300))
      // The first request (not picked) and the kept one: the abandoned one never arrived.
      expect(reached).toHaveLength(2)
      expect(reached[1]).toBeGreaterThanOrEqual(950)
    } finally {
      upstream.off('request', count)
      proxy.up()
    }
  })
})
