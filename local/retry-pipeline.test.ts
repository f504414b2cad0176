import { afterAll, describe, expect, it } from 'vitest'
import { idsInIndex } from '#functions/enquiries/attention.ts'
import { buildEnquiry, type Enquiry } from '#functions/enquiries/item.ts'
import { MAX_EMAIL_ATTEMPTS } from '#functions/enquiries/notify.ts'
import { createEnquiryStore } from '#functions/enquiries/store.ts'
import { enquiryTable } from '#shared/enquiry-table.ts'
import { sampleEnquiry } from '#shared/sample-enquiry.ts'
import { putAll } from './drills/under-load.ts'
import { startFaultStack } from './fault-stack.ts'
import { mailFor } from './mailbox.ts'

/** The notification retry against dynalite and aws-ses-v2-local (SES behind a fault proxy). */
const stack = await startFaultStack()
afterAll(() => stack.close())

const readEnquiry = (id: string) =>
  createEnquiryStore(stack.table, stack.config.enquiriesTable).get(id)

/** A distinct enquirer per test, so tests can find their own items and e-mails. */
const enquirer = (name: string) => ({ ...sampleEnquiry, email: `${name}@example.co.uk` })

const putEnquiries = (...enquiries: Enquiry[]) => putAll(stack, enquiries)

const indexIds = (
  index: typeof enquiryTable.pendingEmailIndex | typeof enquiryTable.attentionIndex,
  value: string,
) => idsInIndex({ client: stack.table, tableName: stack.config.enquiriesTable }, index, value)

describe('the retry against dynalite', () => {
  it('gives an enquiry up after its last attempt: out of the pending index, into needs-attention', async () => {
    const now = new Date()
    const id = crypto.randomUUID()
    await putEnquiries({
      ...buildEnquiry(enquirer('last-try'), id, new Date(now.getTime() - 3 * 3_600_000)),
      emailAttempts: MAX_EMAIL_ATTEMPTS - 1,
      emailLastAttemptAt: new Date(now.getTime() - 2 * 3_600_000).toISOString(),
    })
    stack.ses.down('unavailable')
    try {
      await stack.runRetry()
    } finally {
      stack.ses.up()
    }

    expect(await readEnquiry(id)).toMatchObject({
      emailStatus: 'gave-up',
      attention: 'gave-up',
      emailAttempts: MAX_EMAIL_ATTEMPTS,
    })
    expect(await readEnquiry(id)).not.toHaveProperty('emailPending')
    expect(await indexIds(enquiryTable.pendingEmailIndex, 'PENDING')).not.toContain(id)
    expect(await indexIds(enquiryTable.attentionIndex, 'gave-up')).toContain(id)
  })

  it('sends a new enquiry on the next run even with 55 out of attempts ahead of it', async () => {
    const now = new Date()
    const exhausted = Array.from({ length: 55 }, (_, index) => ({
      ...buildEnquiry(
        enquirer('exhausted'),
        crypto.randomUUID(),
        new Date(now.getTime() - 4 * 3_600_000 + index),
      ),
      emailAttempts: MAX_EMAIL_ATTEMPTS,
    }))
    const fresh = crypto.randomUUID()
    await putEnquiries(
      ...exhausted,
      buildEnquiry(enquirer('fresh'), fresh, new Date(now.getTime() - 2 * 60_000)),
    )

    await stack.runRetry()

    expect(await mailFor(stack.mailboxUrl, fresh)).toHaveLength(1)
    expect(await readEnquiry(fresh)).toMatchObject({ emailStatus: 'sent' })
    const pendingIds = await indexIds(enquiryTable.pendingEmailIndex, 'PENDING')
    const attention = await indexIds(enquiryTable.attentionIndex, 'gave-up')
    for (const { id } of exhausted) {
      expect(pendingIds).not.toContain(id)
      expect(attention).toContain(id)
    }
    expect(await mailFor(stack.mailboxUrl, exhausted[0]?.id as string)).toHaveLength(0)
  })
})
