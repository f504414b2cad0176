import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FaultStack, startFaultStack } from './fault-stack.ts'
import {
  crashScenario,
  dynamoDbOutageScenario,
  loadScenario,
  type ScenarioCheck,
  sesOutageScenario,
} from './faults.ts'

/**
 * The load and fault runs of `npm run bench:api`, at a small scale: real dynalite and
 * aws-ses-v2-local behind fault proxies, the load on loopback. Outcomes only; no timings.
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

describe('the contact API under load and faults (small scale)', () => {
  it('stores exactly one enquiry per 201 with a distinct key, retries included', async () => {
    const { load, checks } = await loadScenario(stack, small)
    expect(load.count2xx).toBeGreaterThan(0)
    expect(load.repeated201).toBeGreaterThan(0)
    expectAllPass(checks)
  }, 60_000)

  it('keeps every enquiry through an SES outage, and the retry e-mails each exactly once', async () => {
    const { checks, pendingAfterLoad } = await sesOutageScenario(stack, {
      ...small,
      // The retry paces its sends under SES's rate: fewer pending e-mails keep the run short.
      maxRequests: 80,
    })
    expect(pendingAfterLoad).toBeGreaterThan(0)
    expectAllPass(checks)
  }, 60_000)

  it('answers 503 with a clear message when DynamoDB is down, storing and sending nothing', async () => {
    const { checks } = await dynamoDbOutageScenario(stack, { ...small, maxRequests: 100 })
    expectAllPass(checks)
  }, 60_000)

  it('sends, through the retry, an enquiry whose function died between write and e-mail', async () => {
    const { checks } = await crashScenario(stack)
    expectAllPass(checks)
  }, 60_000)
})
