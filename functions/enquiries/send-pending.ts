import type { Enquiry } from './item.ts'
import { type NotifyDependencies, type NotifyOutcome, notifyAgency } from './notify.ts'
import { EVIDENCE_WINDOW_MS, RECORD_WITHIN_MS, SES_ANSWER_WITHIN_MS } from './send-timing.ts'

/** The claim's own write, at most (it is one conditional update). */
const CLAIM_WITHIN_MS = 2_000

/** Clocks of different functions differ a little; a lease ends this much later to allow for it. */
const CLOCK_ALLOWANCE_MS = 3_000

/**
 * The longest a holder can run on one claimed enquiry: the claim, SES's answer, the record.
 */
export const HOLDER_RUNS_AT_MOST_MS = CLAIM_WITHIN_MS + SES_ANSWER_WITHIN_MS + RECORD_WITHIN_MS

/**
 * A claim's lease for a holder that can run `runsMs` on it: that long, the clocks' allowance,
 * then the evidence window (30 s). A claim still there after it means its holder stopped (a
 * kill, a time-out) and SES sent nothing that it reported: the enquiry is sent again, with a
 * warning.
 */
const leaseFor = (runsMs: number) => runsMs + CLOCK_ALLOWANCE_MS + EVIDENCE_WINDOW_MS

/**
 * How long a claim holds at most (a holder with all the time it needs). A holder that died is
 * replaced within a minute of its claim, plus the retry's schedule (a minute): two in all.
 */
export const CLAIM_LEASE_MS = leaseFor(HOLDER_RUNS_AT_MOST_MS)

/** What became of one pending enquiry: its e-mail's outcome, or `claimed` by another sender. */
export type SendOutcome = NotifyOutcome | 'claimed' | 'no-time'

/** How long the function that claims can still run (Lambda's remaining time); none: no limit. */
export type RemainingTime = (() => number) | undefined

/**
 * The one path by which a pending enquiry is e-mailed, whoever sends it (the sender the table's
 * write starts, or the scheduled retry): claim it for this sender, so two senders never send one
 * e-mail, then send it and record the outcome. The claim's lease is sized to what this holder can
 * still do (`remainingMs`, Lambda's remaining time, caps it): a holder with too little time left
 * for SES's answer and the record claims nothing (`no-time`).
 */
export async function claimAndNotify(
  deps: NotifyDependencies,
  enquiry: Enquiry,
  remainingMs?: RemainingTime,
): Promise<SendOutcome> {
  const runsMs = Math.min(HOLDER_RUNS_AT_MOST_MS, remainingMs?.() ?? Number.POSITIVE_INFINITY)
  const sendWithinMs = runsMs - CLAIM_WITHIN_MS - RECORD_WITHIN_MS
  if (sendWithinMs < 1_000) return 'no-time'
  const now = deps.now()
  const claimed = await deps.store.claimEmail(
    enquiry.id,
    now,
    new Date(now.getTime() + leaseFor(runsMs)),
    AbortSignal.timeout(CLAIM_WITHIN_MS),
  )
  if (!claimed) return 'claimed'
  if (enquiry.emailClaimedUntil && !heldOffAfterUnknown(enquiry)) {
    deps.log({ level: 'warn', event: 'enquiry_email_claim_lapsed', enquiryId: enquiry.id })
  }
  // At most SES_ANSWER_WITHIN_MS: runsMs is at most HOLDER_RUNS_AT_MOST_MS.
  return notifyAgency(deps, enquiry, { sendWithinMs })
}

/** Whether a claim that lapsed was the hold-off after a send of unknown outcome (no warning). */
function heldOffAfterUnknown(enquiry: Enquiry): boolean {
  return (
    enquiry.emailOutcomeUnknownAt !== undefined &&
    enquiry.emailOutcomeUnknownAt === enquiry.emailLastAttemptAt
  )
}

/** Whether another sender's claim (or a hold-off) still holds the enquiry at `now`. */
export function claimHolds(enquiry: Enquiry, now: Date): boolean {
  return (
    enquiry.emailClaimedUntil !== undefined && Date.parse(enquiry.emailClaimedUntil) > now.getTime()
  )
}
