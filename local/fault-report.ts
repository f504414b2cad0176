import type { FaultStack } from './fault-stack.ts'
import {
  crashScenario,
  dynamoDbOutageScenario,
  loadScenario,
  type ScenarioCheck,
  sesOutageScenario,
} from './faults.ts'
import type { LoadOptions, LoadResult } from './load.ts'

/**
 * The fault scenarios (./faults.ts) as `npm run bench:api` reports them: each run once, its
 * outcome returned and its report lines printed. The fault tests run the same functions at a
 * small scale and read both, so each scenario runs once per test run.
 */
export type Print = (line: string) => void

/** How a load went: throughput and latency, then the answers. */
export function loadLines(result: LoadResult): string[] {
  const statuses = Object.entries(result.statuses)
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ')
  return [
    `  ${result.requestsPerSecond.toFixed(1)} req/s; latency p50 ${result.latencyMs.p50} ms, p99 ${result.latencyMs.p99} ms, max ${result.latencyMs.max} ms`,
    `  2xx ${result.count2xx}, other ${result.countOther} (${statuses || 'no answers'}; errors ${result.errors}, timeouts ${result.timeouts})`,
  ]
}

/** One line a check, FAIL when it did not hold. */
export function checkLines(checks: readonly ScenarioCheck[]): string[] {
  return checks.map(({ name, ok, detail }) => `  ${ok ? 'ok  ' : 'FAIL'} ${name}: ${detail}`)
}

export async function steadyLoadRun(stack: FaultStack, load: LoadOptions, print: Print) {
  const result = await loadScenario(stack, load)
  for (const line of [...loadLines(result.load), ...checkLines(result.checks)]) print(line)
  return result
}

export async function sesOutageRun(stack: FaultStack, load: LoadOptions, print: Print) {
  const result = await sesOutageScenario(stack, load)
  for (const line of loadLines(result.load)) print(line)
  print(
    `  ${result.stored} stored: ${result.mailedDuringLoad} e-mailed at once, ${result.pendingAfterLoad} left pending, ${result.sentByRetry} e-mailed by the retry once SES was back`,
  )
  for (const line of checkLines(result.checks)) print(line)
  return result
}

export async function dynamoDbOutageRun(stack: FaultStack, load: LoadOptions, print: Print) {
  const result = await dynamoDbOutageScenario(stack, load)
  for (const line of [...loadLines(result.load), ...checkLines(result.checks)]) print(line)
  return result
}

export async function crashRun(stack: FaultStack, print: Print) {
  const result = await crashScenario(stack)
  for (const line of checkLines(result.checks)) print(line)
  return result
}
