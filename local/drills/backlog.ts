import { randomUUID } from 'node:crypto'
import { buildEnquiry } from '#functions/enquiries/item.ts'
import { RETRY_INTERVAL } from '#infra/constructs/contact-api.ts'
import { sampleEnquiry } from '#shared/sample-enquiry.ts'
import { type DrillResult, deployedDrainMs, formatDuration } from '../drill-report.ts'
import type { FaultStack } from '../fault-stack.ts'
import { check, drillEmail, mailsPerEnquiry, putAll } from './under-load.ts'

/** 2,000 enquiries whose e-mail is owed (as an SES outage leaves them) drain, each e-mailed once. */
export async function backlog(stack: FaultStack): Promise<DrillResult> {
  const email = drillEmail('backlog')
  const size = 2_000
  const schedule = {
    intervalMs: RETRY_INTERVAL.toMilliseconds(),
    concurrentRuns: 1,
    source: 'RETRY_INTERVAL, infra/constructs/contact-api.ts',
  }
  // 2,000 enquiries stored with their e-mail still owed, as an SES outage leaves them.
  const createdAt = Date.now() - 10 * 60_000
  await putAll(
    stack,
    Array.from({ length: size }, (_, index) =>
      buildEnquiry({ ...sampleEnquiry, email }, randomUUID(), new Date(createdAt + index)),
    ),
  )
  const started = performance.now()
  // One run as shipped (its batch, pace and time budget): the throughput the schedule gets.
  const first = await stack.runRetry(5 * 60_000)
  const firstRunMs = performance.now() - started
  const firstRunSent = first.sentCount
  // The rest as fast as this machine goes (a run's pace lifted), so the drill checks every
  // e-mail goes out once without waiting out the real pacing.
  const deadline = performance.now() + 80_000
  let runs = 1
  let sent = firstRunSent
  while (firstRunSent > 0 && performance.now() < deadline && runs < 200) {
    runs++
    const summary = await stack.runRetry(5 * 60_000, { sendsPerSecond: 10_000 })
    sent += summary.sentCount
    if (summary.sentCount === 0) break
  }
  const drainedMs = performance.now() - started
  const stored = await stack.storedFor(email)
  const perEnquiry = await mailsPerEnquiry(stack, stored)
  const delivered = perEnquiry.filter((count) => count >= 1).length
  const perRun = firstRunSent
  const deployedMs = deployedDrainMs(size, perRun, schedule.intervalMs, schedule.concurrentRuns)
  const limitMs = 15 * 60_000
  return {
    name: `a ${size.toLocaleString('en-GB')}-enquiry backlog drains`,
    figures: [
      `${delivered} of ${size} e-mailed (${sent} by the retry) in ${formatDuration(drainedMs)} locally over ${runs} run(s)`,
      `${perRun} sent by one run as shipped in ${formatDuration(firstRunMs)}`,
      `deployed: every ${formatDuration(schedule.intervalMs)} × ${schedule.concurrentRuns} run(s) (${schedule.source}) → ${formatDuration(deployedMs)} (limit ${formatDuration(limitMs)})`,
    ],
    checks: [
      check('every enquiry e-mailed', delivered === size),
      check(
        'none twice',
        perEnquiry.every((count) => count <= 1),
      ),
      check('the deployed schedule drains it within 15 minutes', deployedMs <= limitMs),
    ],
  }
}
