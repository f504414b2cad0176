import type { Deadline } from '../deadline.ts'
import type { Enquiry } from './item.ts'
import { type NotifyDependencies, type NotifyOutcome, notifyAgency } from './notify.ts'

/**
 * How long a claim holds. A claim still there after it means its sender stopped between SES's
 * answer and recording it: whether SES sent the e-mail cannot be known, and it is sent again.
 * Long enough for SES's delivery events to record the e-mail first.
 */
export const CLAIM_LEASE_MS = 15 * 60_000

/** What became of one pending enquiry: its e-mail's outcome, or `claimed` by another sender. */
export type SendOutcome = NotifyOutcome | 'claimed'

/**
 * The one path by which a pending enquiry is e-mailed, whoever sends it (the sender the table's
 * write starts, or the scheduled retry): claim it for this sender, so two senders never send one
 * e-mail, then send it and record the outcome, every call over `budgetMs` after `deadline` began.
 */
export async function claimAndNotify(
  deps: NotifyDependencies,
  enquiry: Enquiry,
  deadline: Deadline,
  budgetMs: number,
): Promise<SendOutcome> {
  const now = deps.now()
  const claimed = await deps.store.claimEmail(
    enquiry.id,
    now,
    new Date(now.getTime() + CLAIM_LEASE_MS),
    deadline.by(budgetMs / 2),
  )
  if (!claimed) return 'claimed'
  if (enquiry.emailClaimedUntil && !heldOffAfterUnknown(enquiry)) {
    deps.log({ level: 'warn', event: 'enquiry_email_claim_lapsed', enquiryId: enquiry.id })
  }
  return notifyAgency(deps, enquiry, {
    send: deadline.by(budgetMs * 0.8),
    record: deadline.by(budgetMs),
  })
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
