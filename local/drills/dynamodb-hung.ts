import type { DrillResult } from '../drill-report.ts'
import type { FaultStack } from '../fault-stack.ts'
import { deliveryChecks } from './delivery-tally.ts'
import * as drill from './under-load.ts'

/** DynamoDB accepts connections and never answers for 20 s, under load. */
export async function dynamoDbHung(stack: FaultStack, budgetMs: number): Promise<DrillResult> {
  const { load, stored, answered201, delivery, figures } = await drill.throughStorageFault(
    stack,
    budgetMs,
    (db) => db.hang(),
    { faultMs: 20_000, kind: 'dynamodb' },
  )
  const unavailable = load.answers.filter((answer) => [503, 504].includes(answer.status)).length
  return {
    name: 'DynamoDB hung 20 s under load',
    figures,
    checks: [
      drill.check('every answer within the budget', drill.withinBudget(load, budgetMs)),
      drill.allCreatedOrUnavailable(load),
      drill.check('zero 500', !load.answers.some((answer) => answer.status === 500)),
      ...drill.storageFaultChecks(load, stored, 'hang'),
      drill.check(
        'nothing stored beyond the answers given',
        stored.length <= answered201 + unavailable,
      ),
      ...deliveryChecks(delivery),
    ],
  }
}
