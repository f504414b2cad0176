import { afterAll, describe, expect, it } from 'vitest'
import { buildEnquiry } from '#functions/enquiries/item.ts'
import { sampleEnquiry } from '#shared/sample-enquiry.ts'
import { mailsPerEnquiry, putAll } from './drills/under-load.ts'
import { startFaultStack } from './fault-stack.ts'

/**
 * The deployed retry has no reserved concurrency (a new account's concurrency could not spare
 * it), so two runs can overlap: an invocation EventBridge or Lambda delivers late, beside the next
 * minute's. What keeps an enquiry to one e-mail is each send's claim (a conditional write), not
 * the schedule: two runs over the same backlog at once, against dynalite's real conditions.
 */
const stack = await startFaultStack()
afterAll(() => stack.close())

describe('two retry runs at once', () => {
  it('e-mail each pending enquiry once between them', async () => {
    const stored = new Date(Date.now() - 5 * 60_000)
    const enquiries = Array.from({ length: 30 }, (_, index) =>
      buildEnquiry(
        { ...sampleEnquiry, email: 'overlap@example.co.uk' },
        crypto.randomUUID(),
        new Date(stored.getTime() + index),
      ),
    )
    await putAll(stack, enquiries)
    const [first, second] = await Promise.all([stack.runRetry(), stack.runRetry()])
    expect((first?.sentCount ?? 0) + (second?.sentCount ?? 0)).toBe(enquiries.length)
    expect(await mailsPerEnquiry(stack, enquiries)).toEqual(enquiries.map(() => 1))
  }, 60_000)
})
