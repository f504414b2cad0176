import { DEFAULT_API_THROTTLE } from '#infra/constructs/contact-api.ts'
import type { DrillResult } from '../drill-report.ts'
import type { FaultStack } from '../fault-stack.ts'
import { deliveredAfter, deliveryChecks, deliveryFigures } from './delivery-tally.ts'
import * as drill from './under-load.ts'

/**
 * SES accepts connections and never answers for 20 s, under load, then is healthy: the sends it
 * swallowed have no answer (their outcome unknown), and every enquiry is e-mailed once within two
 * minutes of SES's return.
 *
 * The load is the most the deployed API admits (its default throttle, 5 a second): what this
 * drill measures, the wait after recovery, is set by how many sends the outage leaves owed
 * against SES's 14 a second. Unpaced, the local stack takes about 25 a second, a backlog no
 * deployment could be handed, and drains it at the retry's 201 a run (docs/operations.md).
 */
export async function sesHung(stack: FaultStack, budgetMs: number): Promise<DrillResult> {
  const load = await drill.loadThroughFault(stack, stack.ses, (ses) => ses.hang(), {
    faultMs: 20_000,
    tailSeconds: 2,
    kind: 'ses',
    requestsPerSecond: DEFAULT_API_THROTTLE.rateLimit,
  })
  const pendingAfterLoad = (await stack.storedFor(load.email)).filter(
    (item) => item.emailPending,
  ).length
  const delivery = await deliveredAfter(stack, { ...load, load })
  return {
    name: 'SES hung 20 s, then healthy, under load',
    figures: [
      ...drill.answerFigures(load, budgetMs),
      `${pendingAfterLoad} of ${delivery.stored} pending after the load`,
      ...deliveryFigures(delivery),
    ],
    checks: [
      drill.allCreated(load),
      drill.check('every answer within the budget', drill.withinBudget(load, budgetMs)),
      drill.check('some enquiries were left pending by the hang', pendingAfterLoad > 0),
      ...deliveryChecks(delivery),
    ],
  }
}
