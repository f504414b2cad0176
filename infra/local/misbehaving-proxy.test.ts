import { once } from 'node:events'
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type MisbehavingProxy, startMisbehavingProxy } from './misbehaving-proxy.ts'

/** The drills' proxy, in front of a plain HTTP server: it must misbehave exactly as it says. */
let upstream: Server
let proxy: MisbehavingProxy
const body = 'twelve bytes'

beforeAll(async () => {
  upstream = createServer((_req, res) => res.end(body)).listen(0, '127.0.0.1')
  await once(upstream, 'listening')
  proxy = await startMisbehavingProxy(
    `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
  )
})

afterAll(async () => {
  await proxy?.close()
  upstream?.closeAllConnections()
  await new Promise((resolve) => upstream?.close(resolve))
})

/** One GET through the proxy: when its headers came, when its body was whole (or the give-up). */
function get(giveUpMs: number) {
  return new Promise<{ headersMs?: number; bodyMs?: number; text: string }>((resolve) => {
    const started = performance.now()
    const timing: { headersMs?: number; bodyMs?: number; text: string } = { text: '' }
    const req = request(`${proxy.url}/`, { agent: false }, (res) => {
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

describe('the drills’ misbehaving proxy', () => {
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
      proxy.resume()
    }
    expect((await get(2_000)).bodyMs).toBeLessThan(1_000)
  })

  it('hangs: accepts the connection and never answers, until resumed', async () => {
    proxy.hang()
    try {
      const answer = await get(800)
      expect(answer.headersMs).toBeUndefined()
    } finally {
      proxy.resume()
    }
    expect((await get(2_000)).text).toBe(body)
  })
})
