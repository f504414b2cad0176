import { randomUUID } from 'node:crypto'
import { buildEnquiry } from '#functions/enquiries/item.ts'
import { MAX_EMAIL_ATTEMPTS } from '#functions/enquiries/notify.ts'
import { createEnquiryStore } from '#functions/enquiries/store.ts'
import { contactApi } from '#shared/contact.ts'
import { sampleEnquiry } from '#shared/sample-enquiry.ts'
import type { DrillResult } from '../drill-report.ts'
import type { FaultStack } from '../fault-stack.ts'
import { check, drillEmail, putAll } from './under-load.ts'

/**
 * 55 enquiries that gave up on their e-mail must not starve a new one: with SES refusing every
 * send, they give up through the code's own path; a new enquiry then comes in, and the next
 * retry run once SES is back e-mails it.
 */
export async function starvation(stack: FaultStack): Promise<DrillResult> {
  const email = drillEmail('gave-up')
  const count = 55
  // SES refuses every send (MessageRejected: no retry of the SDK repeats it).
  stack.ses.down('reject')
  // 55 enquiries with one attempt left, then retried (hours apart, past every backoff) while
  // SES refuses every send, until each has given up through the code's own path.
  const createdAt = new Date(Date.now() - 24 * 60 * 60_000)
  await putAll(
    stack,
    Array.from({ length: count }, (_, index) => ({
      ...buildEnquiry(
        { ...sampleEnquiry, email },
        randomUUID(),
        new Date(createdAt.getTime() + index),
      ),
      emailAttempts: MAX_EMAIL_ATTEMPTS - 1,
      emailLastAttemptAt: new Date(createdAt.getTime() + 60_000).toISOString(),
    })),
  )
  for (let run = 1; run <= 60; run++) {
    const summary = await stack.runRetry(run * 3 * 60 * 60_000)
    if (summary.failedCount + summary.gaveUpCount === 0) break
  }
  const seeded = await stack.storedFor(email)
  const gaveUp = seeded.filter(
    (item) =>
      item.emailStatus === 'gave-up' ||
      (item.emailStatus !== 'sent' && item.emailAttempts >= MAX_EMAIL_ATTEMPTS),
  ).length

  // Then a new enquiry, while SES still refuses: its e-mail is owed to the retry.
  const response = await fetch(`${stack.url}${contactApi.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({ ...sampleEnquiry, email: drillEmail('new') }),
  })
  const { id } =
    response.status === 201 ? ((await response.json()) as { id?: string }) : { id: undefined }
  // Its sender's try (refused) is over before SES is back; then the next scheduled run (past
  // the first retry's wait).
  await stack.trigger.settled()
  stack.ses.up()
  const summary = await stack.runRetry(2 * 60 * 60_000 + 5 * 60_000)
  const mailed = id ? ((await stack.mailboxCounts()).get(id) ?? 0) : 0
  const store = createEnquiryStore(stack.table, stack.config.enquiriesTable)
  const item = id ? await store.get(id) : undefined
  return {
    name: '55 given-up enquiries ahead of a new one',
    figures: [
      `${gaveUp} of ${count} gave up`,
      `new enquiry answered ${response.status}`,
      `next run: ${summary.pendingCount} looked at, ${summary.sentCount} sent`,
      `new enquiry ${item?.emailStatus ?? 'not stored'}, e-mailed ${mailed}×`,
    ],
    checks: [
      check(`all ${count} seeded enquiries gave up`, gaveUp === count),
      check('the new enquiry was accepted', response.status === 201 && id !== undefined),
      check('the new enquiry is e-mailed on the next retry run', mailed === 1),
    ],
  }
}
