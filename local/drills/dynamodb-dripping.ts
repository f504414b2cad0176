import type { DrillResult } from '../drill-report.ts'
import type { FaultStack } from '../fault-stack.ts'
import { deliveryChecks } from './delivery-tally.ts'
import * as drill from './under-load.ts'

/**
 * One byte of each answer's body every 3 s, its headers at once: the SDK's per-attempt timeout
 * (which ends the wait for headers) never fires, so only the request's own deadline ends a call.
 * Even DynamoDB's shortest answer (`{}`) then takes 6 s, past storage's share of the budget.
 */
const DRIP_EVERY_MS = 3_000

/** DynamoDB answers, but drips, for 15 s under load; then the retry sends what is owed. */
export async function dynamoDbDripping(stack: FaultStack, budgetMs: number): Promise<DrillResult> {
  const { load, stored, delivery, figures } = await drill.throughStorageFault(
    stack,
    budgetMs,
    (db) => db.drip(DRIP_EVERY_MS),
    { faultMs: 15_000, kind: 'drip' },
  )
  return {
    name: 'DynamoDB dripping 15 s under load',
    figures,
    checks: [
      drill.check(
        'every answer within the budget',
        load.answers.length > 0 && drill.withinBudget(load, budgetMs),
      ),
      drill.allCreatedOrUnavailable(load),
      ...drill.storageFaultChecks(load, stored, 'drip'),
      ...deliveryChecks(delivery),
    ],
  }
}
