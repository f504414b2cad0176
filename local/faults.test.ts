import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { crashRun, dynamoDbOutageRun, sesOutageRun, steadyLoadRun } from './fault-report.ts'
import { type FaultStack, startFaultStack } from './fault-stack.ts'
import type { ScenarioCheck } from './faults.ts'
import { runLoad } from './load.ts'

/**
 * The load and fault runs of `npm run bench:api`, at a small scale: real dynalite and
 * aws-ses-v2-local behind fault proxies, the load on loopback. Outcomes, and the lines the bench
 * reports them with (each scenario runs once per test run: here); no timings.
 */
let stack: FaultStack
beforeAll(async () => {
  stack = await startFaultStack()
})
afterAll(async () => {
  await stack?.close()
})

// Bounded by the request count, not the clock: a busy machine answers fewer requests a second,
// and a one-second run could end before its first answer.
const small = { connections: 4, maxRequests: 200 }

function expectAllPass(checks: readonly ScenarioCheck[]) {
  for (const { name, ok, detail } of checks) expect(ok, `${name}: ${detail}`).toBe(true)
}

/** The bench's report of one scenario, collected. */
function report() {
  const lines: string[] = []
  return { print: (line: string) => lines.push(line), text: () => lines.join('\n') }
}

describe('the contact API under load and faults (small scale)', () => {
  it('stores exactly one enquiry per 201 with a distinct key, retries included', async () => {
    const bench = report()
    const { load, checks } = await steadyLoadRun(stack, small, bench.print)
    expect(load.count2xx).toBeGreaterThan(0)
    expect(load.repeated201).toBeGreaterThan(0)
    expectAllPass(checks)
    expect(bench.text()).toMatch(/[\d.]+ req\/s; latency p50 [\d.]+ ms, p99 [\d.]+ ms/)
    expect(bench.text()).toMatch(/2xx \d+, other \d+/)
    expect(bench.text()).toContain('stored enquiries = 201 answers with a distinct key')
    expect(bench.text()).not.toContain('FAIL')
  }, 60_000)

  it('keeps every enquiry through an SES outage, and the retry e-mails each exactly once', async () => {
    const bench = report()
    const { checks, pendingAfterLoad } = await sesOutageRun(
      stack,
      // The retry paces its sends under SES's rate: fewer pending e-mails keep the run short.
      { ...small, maxRequests: 80 },
      bench.print,
    )
    expect(pendingAfterLoad).toBeGreaterThan(0)
    expectAllPass(checks)
    expect(bench.text()).toContain('the mailbox holds one e-mail per enquiry')
    expect(bench.text()).not.toContain('FAIL')
  }, 60_000)

  it('answers 503 with a clear message when DynamoDB is down, storing and sending nothing', async () => {
    const bench = report()
    const { checks } = await dynamoDbOutageRun(stack, { ...small, maxRequests: 100 }, bench.print)
    expectAllPass(checks)
    expect(bench.text()).not.toContain('FAIL')
  }, 60_000)

  it('sends, through the retry, an enquiry whose function died between write and e-mail', async () => {
    const bench = report()
    const { checks } = await crashRun(stack, bench.print)
    expectAllPass(checks)
    expect(bench.text()).not.toContain('FAIL')
  }, 60_000)

  it('starts requests at the paced rate the drills use for what a deployed API admits', async () => {
    // Four connections unpaced make well over a hundred requests in 1.5 s on loopback.
    const load = await runLoad(stack, {
      connections: 4,
      durationSeconds: 1.5,
      maxRequests: 100,
      requestsPerSecond: 10,
      repeatShare: 0,
    })
    expect(load.count2xx).toBeGreaterThanOrEqual(5)
    expect(load.answers.length).toBeLessThanOrEqual(16)
  }, 60_000)
})
