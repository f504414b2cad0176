import type { DrillResult } from '../drill-report.ts'
import type { FaultStack } from '../fault-stack.ts'
import {
  answerFigures,
  check,
  drillEmail,
  loadThroughFault,
  mailsPerEnquiry,
  retryUntilIdle,
} from './under-load.ts'

/**
 * SES slow but working: it accepts every e-mail at once and answers 2.5 s later, for 10 s under
 * load. Such an answer is past the SDK's old per-attempt limit (2 s) and inside the budget: each
 * e-mail counts as sent, once, and none is ever given up.
 */
export async function sesLate(stack: FaultStack, budgetMs: number): Promise<DrillResult> {
  const email = drillEmail('ses-late')
  const lateMs = 2_500
  const load = await loadThroughFault(stack, stack.ses, (ses) => ses.late(lateMs), {
    faultMs: 10_000,
    tailSeconds: 2,
    email,
  })
  const retried = await retryUntilIdle(stack, 20)
  const stored = await stack.storedFor(email)
  const perEnquiry = await mailsPerEnquiry(stack, stored)
  const gaveUp = stored.filter((item) => item.emailStatus === 'gave-up').length
  return {
    name: 'SES answering 2.5 s late under load',
    figures: [
      ...answerFigures(load, budgetMs),
      `${retried.sent} sent by ${retried.runs} retry run(s)`,
      `e-mailed once ${perEnquiry.filter((count) => count === 1).length}, twice or more ${perEnquiry.filter((count) => count > 1).length}, never ${perEnquiry.filter((count) => count === 0).length}`,
      `${gaveUp} gave up, ${stack.events.count('enquiry_email_outcome_unknown')} sends of unknown outcome`,
    ],
    checks: [
      check(
        'all 201',
        load.answers.length > 0 &&
          load.errors === 0 &&
          load.answers.every((answer) => answer.status === 201),
      ),
      check(
        'every enquiry e-mailed once',
        perEnquiry.length > 0 && perEnquiry.every((count) => count === 1),
      ),
      check('none gave up', gaveUp === 0 && stack.events.count('enquiry_email_gave_up') === 0),
    ],
  }
}
