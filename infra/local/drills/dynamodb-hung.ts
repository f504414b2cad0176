import type { DrillResult } from '../drill-report.ts'
import type { FaultStack } from '../fault-stack.ts'
import {
  after,
  answerFigures,
  check,
  drillEmail,
  loadThroughFault,
  withinBudget,
} from './under-load.ts'

/** DynamoDB accepts connections and never answers for 20 s, under load. */
export async function dynamoDbHung(stack: FaultStack, budgetMs: number): Promise<DrillResult> {
  const email = drillEmail('dynamodb')
  const hangMs = 20_000
  const load = await loadThroughFault(stack, stack.dynamoDb, (db) => db.hang(), {
    faultMs: hangMs,
    tailSeconds: 4,
    email,
  })
  // A write cut off by the deadline may still have been in flight: let it settle before counting.
  await after(1_000)
  const stored = await stack.storedFor(email)
  const storedIds = stored.map((item) => item.id)
  const answered201 = load.answers.filter((answer) => answer.status === 201).length
  const unavailable = load.answers.filter((answer) => answer.status === 503)
  const storedOnce = [...load.acceptedIds].every(
    (id) => storedIds.filter((storedId) => storedId === id).length === 1,
  )
  return {
    name: 'DynamoDB hung 20 s under load',
    figures: [
      ...answerFigures(load, budgetMs),
      `${stored.length} stored for ${answered201} answered 201`,
    ],
    checks: [
      check('every answer within the budget', withinBudget(load, budgetMs)),
      check(
        'all 201 or 503',
        load.errors === 0 &&
          load.answers.every((answer) => answer.status === 201 || answer.status === 503),
      ),
      check('zero 500', !load.answers.some((answer) => answer.status === 500)),
      check('some answers came during the hang as 503', unavailable.length > 0),
      check(
        'every 503 says when to retry',
        unavailable.every((answer) => answer.retryAfter !== undefined),
      ),
      check('every 201 stored exactly once', storedOnce),
      check(
        'nothing stored beyond the answers given',
        stored.length <= answered201 + unavailable.length,
      ),
    ],
  }
}
