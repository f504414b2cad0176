/**
 * `npm run drill`: the contact pipeline's failure drills (local/drills/), against a local
 * stack this command starts itself (dynalite and the SES emulator in this process, each behind a
 * fault proxy that can hang or drip, the contact handler behind the API Gateway adapter), on
 * ephemeral loopback ports only (the CPU-starved drill runs `npm run cpu-burn` beside itself for
 * its load). Bounded in requests and time. Prints one line per drill, PASS or FAIL with its
 * figures, and exits 1 on any FAIL.
 *
 *   npm run drill
 *   npm run drill -- backlog drip       only the drills whose names contain these words
 */
import { CONTACT_BUDGET_MS } from '#functions/contact/store-confirmed.ts'
import { type DrillResult, drillExitCode, drillLine, formatDuration } from './drill-report.ts'
import { backlog } from './drills/backlog.ts'
import { bounce } from './drills/bounce.ts'
import { dynamoDbDripping } from './drills/dynamodb-dripping.ts'
import { dynamoDbHung } from './drills/dynamodb-hung.ts'
import { recordSlow } from './drills/record-slow.ts'
import { senderKilled } from './drills/sender-killed.ts'
import { sesHung } from './drills/ses-hung.ts'
import { sesLate } from './drills/ses-late.ts'
import { starvation } from './drills/starvation.ts'
import { starvedLoad } from './drills/starved-load.ts'
import { triggerFailing } from './drills/trigger-failing.ts'
import { check } from './drills/under-load.ts'
import { type FaultStack, startFaultStack } from './fault-stack.ts'

export async function runDrills(
  print: (line: string) => void = console.log,
  /** Only the drills whose names contain one of these words (all when empty). */
  only: readonly string[] = [],
): Promise<number> {
  const started = performance.now()
  const budget = {
    ms: CONTACT_BUDGET_MS,
    source: 'CONTACT_BUDGET_MS, functions/contact/store-confirmed.ts',
  }
  print(`Contact handler budget: ${formatDuration(budget.ms)} (${budget.source})`)
  const results: DrillResult[] = []
  const drills: [string, (stack: FaultStack) => Promise<DrillResult>][] = [
    ['2,000 enquiries at concurrency 20, CPU starved', (stack) => starvedLoad(stack, budget.ms)],
    ['SES answering 2.5 s late under load', (stack) => sesLate(stack, budget.ms, 2_500)],
    ['SES answering 12 s late under load', (stack) => sesLate(stack, budget.ms, 12_000)],
    ['SES hung 20 s, then healthy, under load', (stack) => sesHung(stack, budget.ms)],
    ['DynamoDB slow on the record write only', (stack) => recordSlow(stack, budget.ms)],
    ['the stream sender killed after SES accepted', senderKilled],
    ['DynamoDB hung 20 s under load', (stack) => dynamoDbHung(stack, budget.ms)],
    ['DynamoDB dripping 15 s under load', (stack) => dynamoDbDripping(stack, budget.ms)],
    ['55 given-up enquiries ahead of a new one', starvation],
    ['a 2,000-enquiry backlog drains', backlog],
    ['a bounce event for one enquiry', bounce],
    ['the enquiry sender failing', triggerFailing],
  ]
  const chosen = drills.filter(
    ([name]) =>
      only.length === 0 || only.some((word) => name.toLowerCase().includes(word.toLowerCase())),
  )
  for (const [name, drill] of chosen) {
    // Each drill on a stack of its own, so one drill's leftovers never count in another's.
    const stack = await startFaultStack()
    let result: DrillResult
    try {
      result = await drill(stack)
    } catch (error) {
      result = {
        name,
        figures: [`the drill could not run: ${(error as Error).name}: ${(error as Error).message}`],
        checks: [check('the drill ran', false)],
      }
    } finally {
      await stack.close()
    }
    results.push(result)
    print(drillLine(result))
  }
  print(`${results.length} drills in ${formatDuration(performance.now() - started)}`)
  return drillExitCode(results)
}

if (import.meta.main) {
  process.exitCode = await runDrills(console.log, process.argv.slice(2))
  // Sockets an SDK client still holds after a hang must not keep the command alive.
  setTimeout(() => process.exit(), 2_000).unref()
}
