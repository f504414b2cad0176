import { enquiryIdFor } from '#functions/enquiries/item.ts'
import { OUTCOME_UNKNOWN_HOLD_OFF_MS } from '#functions/enquiries/notify.ts'
import { CLAIM_LEASE_MS } from '#functions/enquiries/send-pending.ts'
import { RETRY_INTERVAL } from '#infra/constructs/contact-api.ts'
import { type DrillCheck, formatDuration } from '../drill-report.ts'
import type { FaultStack } from '../fault-stack.ts'
import type { LoadResult } from '../load.ts'
import { enquiryIdOf, readMailbox } from '../mailbox.ts'

/**
 * What every delivery drill counts once its fault is over, where the agency meets it: the
 * e-mails in the mailbox per stored enquiry, after the retry has run as its schedule would (every
 * minute from the recovery) past the longest claim and hold-off; how long after the recovery the
 * last of them arrived; and, of the visitors told 503 ("not saved"), how many were stored.
 */

/** The retry's schedule. */
const RETRY_EVERY_MS = RETRY_INTERVAL.toMilliseconds()
/** No enquiry waits longer than this once SES and DynamoDB are healthy again. */
const WAIT_AFTER_RECOVERY_LIMIT_MS = 2 * 60_000

export interface Delivery {
  /** Stored enquiries e-mailed never, once, and twice or more. */
  readonly never: number
  readonly once: number
  readonly more: number
  readonly stored: number
  /** The longest an enquiry waited for its e-mail after the recovery (or after it was stored). */
  readonly longestWaitMs: number
  /** Scheduled retry runs, and what they sent. */
  readonly runs: number
  readonly sentByRetry: number
  /** Visitors told 503 whose enquiry is stored after all (must be none). */
  readonly stored503: number
  readonly answered503: number
  /** Visitors told 504 (it cannot be known), and of those, stored. */
  readonly answered504: number
  readonly stored504: number
  /** Visitors told anything but 201 whose enquiry was e-mailed. */
  readonly mailedWithout201: number
}

export interface DeliveryOptions {
  /** Every stored enquiry of this address is the drill's. */
  readonly email: string
  /** When the drill began (its e-mails are the mailbox's since then). */
  readonly startedAt: number
  /** When SES and DynamoDB were healthy again (ms since the epoch). */
  readonly recoveredAt: number
  /** The visitors' answers, when the drill had some. */
  readonly load?: LoadResult
  /** @default 20: past the longest claim and hold-off the product has ever had (15 minutes). */
  readonly maxMinutes?: number
}

export async function deliveredAfter(
  stack: FaultStack,
  options: DeliveryOptions,
): Promise<Delivery> {
  await stack.drained()
  await stack.settled()
  const sinceSeconds = Math.floor(options.startedAt / 1000)
  const mailbox = async () => {
    const counts = new Map<string, { count: number; firstAt: number }>()
    for (const mail of await readMailbox(stack.mailboxUrl, sinceSeconds)) {
      const id = enquiryIdOf(mail)
      if (!id) continue
      const seen = counts.get(id)
      counts.set(id, { count: (seen?.count ?? 0) + 1, firstAt: seen?.firstAt ?? mail.at * 1000 })
    }
    return counts
  }
  const emailedAt = new Map<string, number>()
  for (const [id, { firstAt }] of await mailbox()) emailedAt.set(id, firstAt)

  // The schedule's runs, a minute apart from the recovery, until nothing is owed and the
  // longest claim and hold-off are over (each run's clock set to its time).
  const quietAfterMs = Math.max(CLAIM_LEASE_MS, OUTCOME_UNKNOWN_HOLD_OFF_MS) + RETRY_EVERY_MS
  let runs = 0
  let sentByRetry = 0
  for (let minute = 1; minute <= (options.maxMinutes ?? 20); minute++) {
    const runAt = options.recoveredAt + minute * RETRY_EVERY_MS
    const summary = await stack.runRetry(runAt - Date.now())
    runs++
    sentByRetry += summary.sentCount
    await stack.settled()
    for (const [id] of await mailbox()) if (!emailedAt.has(id)) emailedAt.set(id, runAt)
    const owed = (await stack.storedFor(options.email)).some((item) => item.emailPending)
    if (!owed && minute * RETRY_EVERY_MS >= quietAfterMs) break
  }

  const stored = await stack.storedFor(options.email)
  const counts = await mailbox()
  const perEnquiry = stored.map((item) => counts.get(item.id)?.count ?? 0)
  const waits = stored.map((item) => {
    const at = emailedAt.get(item.id)
    if (at === undefined) return Number.POSITIVE_INFINITY
    return Math.max(0, at - Math.max(options.recoveredAt, Date.parse(item.createdAt)))
  })
  const storedIds = new Set(stored.map((item) => item.id))
  const answered = answeredWithout201(options.load)
  const idsOf = (keys: Set<string>) => [...keys].map((key) => enquiryIdFor(key))
  return {
    never: perEnquiry.filter((count) => count === 0).length,
    once: perEnquiry.filter((count) => count === 1).length,
    more: perEnquiry.filter((count) => count > 1).length,
    stored: stored.length,
    longestWaitMs: Math.max(0, ...waits),
    runs,
    sentByRetry,
    answered503: answered.status503.size,
    stored503: idsOf(answered.status503).filter((id) => storedIds.has(id)).length,
    answered504: answered.status504.size,
    stored504: idsOf(answered.status504).filter((id) => storedIds.has(id)).length,
    mailedWithout201: idsOf(answered.any).filter((id) => (counts.get(id)?.count ?? 0) > 0).length,
  }
}

/** The idempotency keys the server answered other than 201, and never 201. */
function answeredWithout201(load: LoadResult | undefined) {
  const served = load?.served ?? []
  const accepted = new Set(served.filter((s) => s.status === 201).map((s) => s.key))
  const keys = (match: (status: number) => boolean) =>
    new Set(
      served
        .filter(({ status, key }) => match(status) && key !== undefined && !accepted.has(key))
        .map(({ key }) => key as string),
    )
  return {
    status503: keys((status) => status === 503),
    status504: keys((status) => status === 504),
    any: keys((status) => status !== 201),
  }
}

/** Every delivery drill's figures, in the same words. */
export function deliveryFigures(delivery: Delivery): string[] {
  return [
    `e-mails per enquiry: 0×${delivery.never}, 1×${delivery.once}, 2+×${delivery.more} (of ${delivery.stored} stored)`,
    `longest wait after recovery ${formatDuration(delivery.longestWaitMs)} (${delivery.sentByRetry} sent by ${delivery.runs} scheduled retry run(s))`,
    `503s in fact stored: ${delivery.stored503} of ${delivery.answered503}`,
    ...(delivery.answered504 > 0
      ? [`504s (cannot be known): ${delivery.answered504}, of which stored ${delivery.stored504}`]
      : []),
  ]
}

/** Every delivery drill's checks: each stored enquiry e-mailed once, soon, and no false 503. */
export function deliveryChecks(delivery: Delivery): DrillCheck[] {
  return [
    { name: 'every stored enquiry e-mailed', ok: delivery.stored > 0 && delivery.never === 0 },
    { name: 'none e-mailed twice', ok: delivery.more === 0 },
    {
      name: `none waited over ${formatDuration(WAIT_AFTER_RECOVERY_LIMIT_MS)} after recovery`,
      ok: delivery.longestWaitMs <= WAIT_AFTER_RECOVERY_LIMIT_MS,
    },
    { name: 'no 503 was in fact stored', ok: delivery.stored503 === 0 },
  ]
}
