import type { DrillResult } from '../drill-report.ts'
import type { FaultStack } from '../fault-stack.ts'
import * as drill from './under-load.ts'

/** SES accepts connections and never answers for 40 s, under load; then the retry catches up. */
export async function sesHung(stack: FaultStack, budgetMs: number): Promise<DrillResult> {
  const load = await drill.loadThroughFault(stack, stack.ses, (ses) => ses.hang(), {
    faultMs: 40_000,
    tailSeconds: 2,
    kind: 'ses',
  })
  const stored = await stack.storedFor(load.email)
  const pendingAfterLoad = stored.filter((item) => item.emailStatus !== 'sent').length
  const retried = await drill.retryUntilIdle(stack, 20)
  const mails = drill.mailTally(await drill.mailsPerEnquiry(stack, stored))
  return {
    name: 'SES hung 40 s under load',
    figures: [
      ...drill.answerFigures(load, budgetMs),
      `${pendingAfterLoad} of ${stored.length} pending after the load`,
      drill.retryFigure(retried),
      `e-mailed once ${mails.once}, twice or more ${mails.more}, never ${mails.never}`,
    ],
    checks: [
      drill.allCreated(load),
      drill.check('every answer within the budget', drill.withinBudget(load, budgetMs)),
      drill.check('some enquiries were left pending by the hang', pendingAfterLoad > 0),
      drill.check('every enquiry e-mailed after SES returns', mails.never === 0),
      drill.check('none e-mailed twice', mails.more === 0),
    ],
  }
}
