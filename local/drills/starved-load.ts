import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import type { DrillResult } from '../drill-report.ts'
import type { FaultStack } from '../fault-stack.ts'
import { runLoad } from '../load.ts'
import { deliveredAfter, deliveryChecks, deliveryFigures } from './delivery-tally.ts'
import * as drill from './under-load.ts'

const burner = fileURLToPath(new URL('../../scripts/cpu-burn-cli.ts', import.meta.url))

/** `npm run cpu-burn` beside the drill: one spinning worker per core, stopped with the load. */
async function cpuBurn(): Promise<ChildProcess> {
  // Bounded by itself too, should the drill die first.
  const child = spawn(process.execPath, [burner, '--seconds', '600'], { stdio: 'ignore' })
  await once(child, 'spawn')
  return child
}

/**
 * 2,000 enquiries at a concurrency of 20 with every core already spinning (`npm run cpu-burn`):
 * the machine too busy for the SDK's per-attempt time limits. Every visitor told 201 is e-mailed
 * exactly once, every visitor told anything else never, and no 503 was in fact stored; counted
 * after the retry has run past the longest claim and hold-off.
 */
export async function starvedLoad(stack: FaultStack, budgetMs: number): Promise<DrillResult> {
  const email = drill.drillEmail('starved')
  const startedAt = Date.now()
  const burn = await cpuBurn()
  let load: Awaited<ReturnType<typeof runLoad>>
  try {
    load = await runLoad(stack, {
      connections: 20,
      maxRequests: 2_000,
      repeatShare: 0,
      email,
      timeoutSeconds: 30,
    })
  } finally {
    burn.kill()
  }
  const recoveredAt = Date.now()
  const delivery = await deliveredAfter(stack, { email, startedAt, recoveredAt, load })
  return {
    name: '2,000 enquiries at concurrency 20, CPU starved',
    figures: [
      ...drill.answerFigures(load, budgetMs),
      `${(load.answers.length / load.durationSeconds).toFixed(0)} answers a second`,
      ...deliveryFigures(delivery),
      `${delivery.mailedWithout201} e-mailed without a 201`,
    ],
    checks: [
      drill.check('every request answered', load.errors === 0 && load.answers.length === 2_000),
      drill.check('every answer within the budget', drill.withinBudget(load, budgetMs)),
      drill.check(
        'every 201 stored',
        load.acceptedIds.size > 0 && delivery.stored >= load.acceptedIds.size,
      ),
      ...deliveryChecks(delivery),
      drill.check('no visitor told anything but 201 was e-mailed', delivery.mailedWithout201 === 0),
    ],
  }
}
