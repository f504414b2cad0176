import { sampleEnquiry } from '#shared/sample-enquiry.ts'
import type { DrillResult } from '../drill-report.ts'
import type { FaultStack } from '../fault-stack.ts'
import { killedSender } from '../killed-sender.ts'
import { deliveredAfter, deliveryChecks, deliveryFigures } from './delivery-tally.ts'
import { check, drillEmail } from './under-load.ts'

/**
 * The stream's sender killed (SIGKILL, as a Lambda time-out would) the moment SES accepted an
 * enquiry's e-mail, before it could record it; and another killed just before its send, after
 * claiming it. The first must never be e-mailed again; the second must be sent by the retry
 * within two minutes of the kill.
 */
export async function senderKilled(stack: FaultStack): Promise<DrillResult> {
  const startedAt = Date.now()
  const email = drillEmail('killed')
  const body = JSON.stringify({ ...sampleEnquiry, email })
  const afterSend = (await killedSender(stack, body, 'after-send')).died
  const beforeSend = (await killedSender(stack, body, 'before-send')).died
  const recoveredAt = Date.now()
  const stored = await stack.storedFor(email)
  const delivery = await deliveredAfter(stack, { email, startedAt, recoveredAt })
  return {
    name: 'the stream sender killed after SES accepted (and one before)',
    figures: [
      `${stored.length} stored, senders killed ${afterSend && beforeSend ? 'as planned' : 'not as planned'}`,
      ...deliveryFigures(delivery),
    ],
    checks: [
      check('both senders died mid-send, without a word', afterSend && beforeSend),
      check('both enquiries stored', stored.length === 2),
      ...deliveryChecks(delivery),
    ],
  }
}
