import type { DrillResult } from '../drill-report.ts'
import type { FaultStack } from '../fault-stack.ts'
import {
  answerFigures,
  check,
  drillEmail,
  loadThroughFault,
  mailsPerEnquiry,
  retryUntilIdle,
  withinBudget,
} from './under-load.ts'

/** SES accepts connections and never answers for 40 s, under load; then the retry catches up. */
export async function sesHung(stack: FaultStack, budgetMs: number): Promise<DrillResult> {
  const email = drillEmail('ses')
  const hangMs = 40_000
  const load = await loadThroughFault(stack, stack.ses, (ses) => ses.hang(), {
    faultMs: hangMs,
    tailSeconds: 2,
    email,
  })
  const stored = await stack.storedFor(email)
  const pendingAfterLoad = stored.filter((item) => item.emailStatus !== 'sent').length
  const retried = await retryUntilIdle(stack, 20)
  const perEnquiry = await mailsPerEnquiry(stack, stored)
  return {
    name: 'SES hung 40 s under load',
    figures: [
      ...answerFigures(load, budgetMs),
      `${pendingAfterLoad} of ${stored.length} pending after the load`,
      `${retried.sent} sent by ${retried.runs} retry run(s)`,
      `e-mailed once ${perEnquiry.filter((count) => count === 1).length}, twice or more ${perEnquiry.filter((count) => count > 1).length}, never ${perEnquiry.filter((count) => count === 0).length}`,
    ],
    checks: [
      check(
        'all 201',
        load.answers.length > 0 &&
          load.errors === 0 &&
          load.answers.every((answer) => answer.status === 201),
      ),
      check('every answer within the budget', withinBudget(load, budgetMs)),
      check('some enquiries were left pending by the hang', pendingAfterLoad > 0),
      check(
        'every enquiry e-mailed after SES returns',
        perEnquiry.every((count) => count >= 1),
      ),
      check(
        'none e-mailed twice',
        perEnquiry.every((count) => count <= 1),
      ),
    ],
  }
}
