import { randomUUID } from 'node:crypto'
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb'
import type { Enquiry } from '#functions/enquiries/item.ts'
import { type DrillCheck, formatDuration, formatStatuses } from '../drill-report.ts'
import type { FaultProxy } from '../fault-proxy.ts'
import type { FaultStack } from '../fault-stack.ts'
import { type LoadResult, runLoad } from '../load.ts'
import { deliveredAfter, deliveryFigures } from './delivery-tally.ts'

/** What every drill shares: the stack it runs on, its load, its figures and its checks. */

export const after = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export const check = (name: string, ok: boolean): DrillCheck => ({ name, ok })

/** An address of the drill's own, so its enquiries are found by it. */
export const drillEmail = (kind: string) =>
  `drill-${kind}-${randomUUID().slice(0, 8)}@example.co.uk`

/** Every answer's status, 0 for a request that got none (an error or a timeout). */
export const statusesOf = (load: LoadResult) => [
  ...load.answers.map((answer) => answer.status),
  ...Array<number>(load.errors).fill(0),
]

/** How many answers of which status, how fast, against the budget: every load drill's first figures. */
export function answerFigures(load: LoadResult, budgetMs: number): string[] {
  const statuses = statusesOf(load)
  return [
    `${statuses.length} answers (${formatStatuses(statuses)})`,
    `p50 ${formatDuration(load.latencyMs.p50)}`,
    `max ${formatDuration(load.latencyMs.max)} (budget ${formatDuration(budgetMs)})`,
  ]
}

/** Every request answered, and within the budget. */
export const withinBudget = (load: LoadResult, budgetMs: number) =>
  load.errors === 0 && load.latencyMs.max <= budgetMs

/**
 * Six connections of load (at most 600 requests, as fast as they go unless `requestsPerSecond`
 * paces them): two seconds with `service` answering, `faultMs` with it misbehaving (`fault`
 * starts that: a hang, a drip), then `tailSeconds` with it back, so requests start before, during
 * and after. Says when the load began and when the service was back (`recoveredAt`).
 */
export async function loadThroughFault(
  stack: FaultStack,
  service: FaultProxy,
  fault: (service: FaultProxy) => void,
  options: { faultMs: number; tailSeconds: number; kind: string; requestsPerSecond?: number },
): Promise<LoadResult & { email: string; startedAt: number; recoveredAt: number }> {
  const email = drillEmail(options.kind)
  const startedAt = Date.now()
  const running = runLoad(stack, {
    connections: 6,
    durationSeconds: 2 + options.faultMs / 1_000 + options.tailSeconds,
    maxRequests: 600,
    repeatShare: 0,
    email,
    timeoutSeconds: 60,
    ...(options.requestsPerSecond && { requestsPerSecond: options.requestsPerSecond }),
  })
  await after(2_000)
  fault(service)
  await after(options.faultMs)
  service.up()
  const recoveredAt = Date.now()
  const load = await running
  // What the write started (the sender) finishes before anything is counted.
  await stack.trigger.settled()
  return { ...load, email, startedAt, recoveredAt }
}

/**
 * Load through a storage (DynamoDB) fault, what the load stored, then the e-mails the retry
 * delivers once storage recovers, and the figures every storage drill prints of them. A write
 * cut off by the deadline may still have been in flight: it settles for a second before anything
 * is counted.
 */
export async function throughStorageFault(
  stack: FaultStack,
  budgetMs: number,
  fault: (service: FaultProxy) => void,
  options: { faultMs: number; kind: string },
) {
  const load = await loadThroughFault(stack, stack.dynamoDb, fault, { ...options, tailSeconds: 4 })
  await after(1_000)
  const stored = await stack.storedFor(load.email)
  const answered201 = load.answers.filter((answer) => answer.status === 201).length
  const delivery = await deliveredAfter(stack, { ...load, load })
  const figures = [
    ...answerFigures(load, budgetMs),
    `${stored.length} stored for ${answered201} answered 201`,
    ...deliveryFigures(delivery),
  ]
  return { load, stored, answered201, delivery, figures }
}

/** Every request answered, and every answer a 201. */
export const allCreated = (load: LoadResult) =>
  check(
    'all 201',
    load.answers.length > 0 &&
      load.errors === 0 &&
      load.answers.every((answer) => answer.status === 201),
  )

/**
 * Every request answered, with 201, 503 (storage refused it: not stored) or 504 (storage
 * answered neither the write nor a read of it: it cannot be known): the answers of a storage
 * fault.
 */
export const allCreatedOrUnavailable = (load: LoadResult) =>
  check(
    'all 201, 503 or 504',
    load.errors === 0 && load.answers.every((answer) => [201, 503, 504].includes(answer.status)),
  )

/**
 * While storage misbehaved, some answers were 503 or 504, a 503 saying when to retry and a 504
 * that sending again is safe; no 201 was stored twice.
 */
export function storageFaultChecks(
  load: LoadResult,
  stored: readonly { id: string }[],
  fault: string,
): DrillCheck[] {
  const unavailable = load.answers.filter((answer) => answer.status === 503)
  const unknown = load.answers.filter((answer) => answer.status === 504)
  const unknownWords = load.messages[504] ?? ''
  const storedIds = stored.map((item) => item.id)
  return [
    check(
      `some answers came during the ${fault} as 503 or 504`,
      unavailable.length + unknown.length > 0,
    ),
    check(
      'every 503 says when to retry',
      unavailable.every((answer) => answer.retryAfter !== undefined),
    ),
    check(
      'a 504 says it cannot be known, and that sending again is safe',
      unknown.length === 0 || /could not confirm.*send it again/.test(unknownWords),
    ),
    check(
      'every 201 stored exactly once',
      [...load.acceptedIds].every(
        (id) => storedIds.filter((storedId) => storedId === id).length === 1,
      ),
    ),
  ]
}

/** Retry runs, each as the schedule would run it later, until nothing is left (bounded). */
export async function retryUntilIdle(stack: FaultStack, maxRuns: number, stepMs = 3 * 60 * 60_000) {
  let runs = 0
  let sent = 0
  for (; runs < maxRuns; ) {
    runs++
    const summary = await stack.runRetry(stepMs * runs)
    sent += summary.sentCount
    if (summary.sentCount + summary.failedCount + summary.gaveUpCount === 0) break
  }
  return { runs, sent }
}

/** How many e-mails the mailbox holds for each of these enquiries, in their order. */
export async function mailsPerEnquiry(stack: FaultStack, enquiries: readonly { id: string }[]) {
  await stack.trigger.settled()
  const mailbox = await stack.mailboxCounts()
  return enquiries.map((enquiry) => mailbox.get(enquiry.id) ?? 0)
}

/** Stores enquiries straight into the table, 25 a request, as an outage would have left them. */
export async function putAll(stack: FaultStack, items: readonly Enquiry[]) {
  const tableName = stack.config.enquiriesTable
  for (let at = 0; at < items.length; at += 25) {
    let requests: Record<string, unknown>[] | undefined = items
      .slice(at, at + 25)
      .map((item) => ({ PutRequest: { Item: item } }))
    while (requests && requests.length > 0) {
      const result = await stack.table.send(
        new BatchWriteCommand({ RequestItems: { [tableName]: requests } }),
      )
      requests = result.UnprocessedItems?.[tableName] as Record<string, unknown>[] | undefined
    }
  }
}
