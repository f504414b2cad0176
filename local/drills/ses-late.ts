import { type DrillResult, formatDuration } from '../drill-report.ts'
import type { FaultStack } from '../fault-stack.ts'
import { deliveredAfter, deliveryChecks, deliveryFigures } from './delivery-tally.ts'
import * as drill from './under-load.ts'

/**
 * SES slow but working: it accepts every e-mail at once and answers `lateMs` later, for 10 s
 * under load. Each such answer is an answer, past any short limit a sender might set: every
 * enquiry is e-mailed once, none is held back for nothing, none given up.
 */
export async function sesLate(
  stack: FaultStack,
  budgetMs: number,
  lateMs: number,
): Promise<DrillResult> {
  const load = await drill.loadThroughFault(stack, stack.ses, (ses) => ses.late(lateMs), {
    faultMs: 10_000,
    tailSeconds: 2,
    kind: 'ses-late',
  })
  // The last answers SES held back arrive `lateMs` after the fault ended: SES is healthy then.
  const delivery = await deliveredAfter(stack, {
    ...load,
    recoveredAt: load.recoveredAt + lateMs,
    load,
  })
  const gaveUp = stack.events.count('enquiry_email_gave_up')
  return {
    name: `SES answering ${formatDuration(lateMs)} late under load`,
    figures: [
      ...drill.answerFigures(load, budgetMs),
      ...deliveryFigures(delivery),
      `${gaveUp} gave up, ${stack.events.count('enquiry_email_outcome_unknown')} sends of unknown outcome`,
    ],
    checks: [
      drill.allCreated(load),
      drill.check('every answer within the budget', drill.withinBudget(load, budgetMs)),
      ...deliveryChecks(delivery),
      drill.check('none gave up', gaveUp === 0),
    ],
  }
}
