import type { DrillResult } from '../drill-report.ts'
import type { FaultStack } from '../fault-stack.ts'
import {
  after,
  answerFigures,
  check,
  drillEmail,
  loadThroughFault,
  mailsPerEnquiry,
  retryUntilIdle,
  withinBudget,
} from './under-load.ts'

/**
 * One byte of each answer's body every 3 s, its headers at once: the SDK's per-attempt timeout
 * (which ends the wait for headers) never fires, so only the request's own deadline ends a call.
 * Even DynamoDB's shortest answer (`{}`) then takes 6 s, past storage's share of the budget.
 */
const DRIP_EVERY_MS = 3_000

/** DynamoDB answers, but drips, for 15 s under load; then the retry sends what is owed. */
export async function dynamoDbDripping(stack: FaultStack, budgetMs: number): Promise<DrillResult> {
  const email = drillEmail('drip')
  const dripMs = 15_000
  const load = await loadThroughFault(stack, stack.dynamoDb, (db) => db.drip(DRIP_EVERY_MS), {
    faultMs: dripMs,
    tailSeconds: 4,
    email,
  })
  // A write cut off by the deadline may still have landed: let it settle before counting.
  await after(1_000)
  const stored = await stack.storedFor(email)
  const answered201 = load.answers.filter((answer) => answer.status === 201).length
  const unavailable = load.answers.filter((answer) => answer.status === 503)
  const storedIds = stored.map((item) => item.id)
  const retried = await retryUntilIdle(stack, 20)
  const perEnquiry = await mailsPerEnquiry(stack, stored)
  return {
    name: 'DynamoDB dripping 15 s under load',
    figures: [
      ...answerFigures(load, budgetMs),
      `${stored.length} stored for ${answered201} answered 201`,
      `${retried.sent} sent by ${retried.runs} retry run(s)`,
      `e-mailed once ${perEnquiry.filter((count) => count === 1).length}, twice ${perEnquiry.filter((count) => count > 1).length} (sent before its record was cut off), never ${perEnquiry.filter((count) => count === 0).length}`,
    ],
    checks: [
      check(
        'every answer within the budget',
        load.answers.length > 0 && withinBudget(load, budgetMs),
      ),
      check(
        'all 201 or 503',
        load.errors === 0 &&
          load.answers.every((answer) => answer.status === 201 || answer.status === 503),
      ),
      check('some answers came during the drip as 503', unavailable.length > 0),
      check(
        'every 503 says when to retry',
        unavailable.every((answer) => answer.retryAfter !== undefined),
      ),
      check(
        'every 201 stored exactly once',
        [...load.acceptedIds].every(
          (id) => storedIds.filter((storedId) => storedId === id).length === 1,
        ),
      ),
      check(
        'nothing lost: every stored enquiry e-mailed once DynamoDB answers again',
        perEnquiry.every((count) => count >= 1),
      ),
    ],
  }
}
