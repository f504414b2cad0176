import type { DrillResult } from '../drill-report.ts'
import { formatStatuses } from '../drill-report.ts'
import type { FaultStack } from '../fault-stack.ts'
import { runLoad } from '../load.ts'
import { check, drillEmail, mailsPerEnquiry, retryUntilIdle, statusesOf } from './under-load.ts'

/**
 * The sender the table's write starts fails on every record (a broken deploy, a lost
 * permission): visitors still get 201, each record goes, past its retries, to the on-failure
 * destination (in AWS a queue whose messages and the sender's errors page ops), and the
 * scheduled retry e-mails every enquiry, once.
 */
export async function triggerFailing(stack: FaultStack): Promise<DrillResult> {
  const email = drillEmail('trigger')
  stack.trigger.fail(true)
  let load: Awaited<ReturnType<typeof runLoad>>
  try {
    load = await runLoad(stack, { connections: 2, maxRequests: 20, repeatShare: 0, email })
  } finally {
    stack.trigger.fail(false)
  }
  const stored = await stack.storedFor(email)
  const mailedByTrigger = (await mailsPerEnquiry(stack, stored)).filter((count) => count > 0)
  const discarded = stack.events.count('enquiry_stream_record_discarded')
  const retried = await retryUntilIdle(stack, 5)
  const perEnquiry = await mailsPerEnquiry(stack, stored)
  return {
    name: 'the enquiry sender failing',
    figures: [
      `${statusesOf(load).length} answers (${formatStatuses(statusesOf(load))})`,
      `${discarded} records to the on-failure destination`,
      `${retried.sent} sent by ${retried.runs} retry run(s)`,
      `e-mailed once ${perEnquiry.filter((count) => count === 1).length}, twice or more ${perEnquiry.filter((count) => count > 1).length}, never ${perEnquiry.filter((count) => count === 0).length}`,
    ],
    checks: [
      check(
        'all 201',
        load.answers.length > 0 && statusesOf(load).every((status) => status === 201),
      ),
      check('nothing e-mailed by the failing sender', mailedByTrigger.length === 0),
      check(
        'ops hear: every record reached the on-failure destination',
        stored.length > 0 && discarded === stored.length,
      ),
      check(
        'every enquiry e-mailed once, by the retry',
        perEnquiry.every((count) => count === 1),
      ),
    ],
  }
}
