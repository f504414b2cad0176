/**
 * How long after its 201 an enquiry's e-mail is in the mailbox, on the local stack: the write
 * starts the enquiry sender at once (the table stream's stand-in, local/stream-trigger.ts),
 * so this is the sender's own time, not the retry's minute. For `npm run bench:api`.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { mailFor } from '#local/mailbox.ts'
import { serveLocalPipeline } from '#local/served-pipeline.ts'
import { sampleEnquiry } from '#shared/sample-enquiry.ts'
import { percentile } from './stats.ts'

/** The staff's side of the promise: each e-mail within this of the visitor's "Message sent". */
export const ARRIVAL_TARGET_MS = 2_000

/** `count` enquiries posted one after another; each one's delay from its 201 to its e-mail. */
export async function measureEmailArrival(count: number): Promise<number[]> {
  const served = await serveLocalPipeline()
  try {
    const delays: number[] = []
    for (let i = 0; i < count; i++) {
      const response = await fetch(`${served.apiUrl}/api/contacts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify({ ...sampleEnquiry, email: `arrival${i}@example.co.uk` }),
      })
      const answered = performance.now()
      const { id } = (await response.json()) as { id?: string }
      if (response.status !== 201 || !id)
        throw new Error(`The enquiry was answered ${response.status}`)
      while ((await mailFor(served.stack.mailboxUrl, id)).length === 0) {
        if (performance.now() - answered > 10 * ARRIVAL_TARGET_MS) {
          throw new Error(`No e-mail for enquiry ${id} within ${10 * ARRIVAL_TARGET_MS} ms`)
        }
        await sleep(5)
      }
      delays.push(performance.now() - answered)
    }
    return delays
  } finally {
    await served.close()
  }
}

/** The report's lines: the figures, and the p95 against the target. */
export function formatEmailArrival(delays: readonly number[]): string[] {
  const sorted = [...delays].sort((a, b) => a - b)
  const p95 = percentile(sorted, 95)
  return [
    `E-mail in the agency's mailbox after the visitor's 201 (${sorted.length} enquiries, one at a time; local stack)`,
    `  p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, max ${(sorted.at(-1) ?? 0).toFixed(0)} ms`,
    `  target: p95 within ${ARRIVAL_TARGET_MS} ms: ${p95 <= ARRIVAL_TARGET_MS ? 'met' : 'MISSED'}`,
  ]
}
