import type { DrillResult } from '../drill-report.ts'
import type { FaultStack } from '../fault-stack.ts'
import * as drill from './under-load.ts'

/**
 * SES slow but working: it accepts every e-mail at once and answers 2.5 s later, for 10 s under
 * load. Such an answer is past the SDK's old per-attempt limit (2 s) and inside the budget: each
 * e-mail counts as sent, once, and none is ever given up.
 */
export async function sesLate(stack: FaultStack, budgetMs: number): Promise<DrillResult> {
  const load = await drill.loadThroughFault(stack, stack.ses, (ses) => ses.late(2_500), {
    faultMs: 10_000,
    tailSeconds: 2,
    kind: 'ses-late',
  })
  const retried = await drill.retryUntilIdle(stack, 20)
  const stored = await stack.storedFor(load.email)
  const mails = drill.mailTally(await drill.mailsPerEnquiry(stack, stored))
  const gaveUp = stored.filter((item) => item.emailStatus === 'gave-up').length
  return {
    name: 'SES answering 2.5 s late under load',
    figures: [
      ...drill.answerFigures(load, budgetMs),
      drill.retryFigure(retried),
      `e-mailed once ${mails.once}, twice or more ${mails.more}, never ${mails.never}`,
      `${gaveUp} gave up, ${stack.events.count('enquiry_email_outcome_unknown')} sends of unknown outcome`,
    ],
    checks: [
      drill.allCreated(load),
      drill.check('every enquiry e-mailed once', stored.length > 0 && mails.once === stored.length),
      drill.check(
        'none gave up',
        gaveUp === 0 && stack.events.count('enquiry_email_gave_up') === 0,
      ),
    ],
  }
}
