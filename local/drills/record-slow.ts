import type { DrillResult } from '../drill-report.ts'
import type { HeldRequest } from '../fault-proxy.ts'
import type { FaultStack } from '../fault-stack.ts'
import { deliveredAfter, deliveryChecks, deliveryFigures } from './delivery-tally.ts'
import * as drill from './under-load.ts'

/** How late each record write reaches DynamoDB: past the 2 s a visitor's call waits per attempt. */
const RECORD_LATE_MS = 3_000

/** The write that records a sent e-mail (the store's markEmailSent: it sets `emailSentAt`). */
const isSendRecord = (request: HeldRequest) =>
  String(request.headers['x-amz-target']).endsWith('.UpdateItem') &&
  request.body.includes('"#sentAt"')

/**
 * DynamoDB slow on the record write only, for 20 s under load: every write that records a sent
 * e-mail reaches it 3 s late (and never, when its caller gave up first). SES has taken each
 * e-mail; the record must land all the same, and no enquiry be e-mailed twice for it.
 */
export async function recordSlow(stack: FaultStack, budgetMs: number): Promise<DrillResult> {
  const load = await drill.loadThroughFault(
    stack,
    stack.dynamoDb,
    (db) => db.hold(RECORD_LATE_MS, isSendRecord),
    { faultMs: 20_000, tailSeconds: 2, kind: 'record-slow' },
  )
  const delivery = await deliveredAfter(stack, { ...load, load })
  const unrecorded = stack.events.count('enquiry_email_sent_not_recorded')
  return {
    name: 'DynamoDB slow on the record write only, under load',
    figures: [
      ...drill.answerFigures(load, budgetMs),
      `${unrecorded} sends not recorded`,
      ...deliveryFigures(delivery),
    ],
    checks: [
      drill.allCreated(load),
      drill.check('every answer within the budget', drill.withinBudget(load, budgetMs)),
      drill.check('every send recorded', unrecorded === 0),
      ...deliveryChecks(delivery),
    ],
  }
}
