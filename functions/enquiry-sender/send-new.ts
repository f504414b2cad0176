import { startDeadline } from '../deadline.ts'
import { type Enquiry, isExpired } from '../enquiries/item.ts'
import type { NotifyDependencies } from '../enquiries/notify.ts'
import type { RepeatLookup } from '../enquiries/repeats.ts'
import {
  claimAndNotify,
  claimHolds,
  type RemainingTime,
  type SendOutcome,
} from '../enquiries/send-pending.ts'
import { errorName } from '../log.ts'
import { withRepeats } from '../spam/verdict.ts'

/**
 * The read and the repeat lookup's share of one new enquiry's time (from its start): queries that
 * normally take milliseconds, given seconds, since nobody waits on them and a read that gives up
 * early sends the enquiry to the retry a minute late. Then the claim, SES's answer and the record
 * (send-pending.ts).
 */
export const READ_BY_MS = 5_000
export const REPEATS_BY_MS = 8_000

export interface SenderDependencies extends NotifyDependencies {
  /** Counts other senders of the same message within a day; without it, repeats go uncounted. */
  readonly repeats?: RepeatLookup
}

/** What the sender did with one new enquiry. */
export type NewEnquiryOutcome = SendOutcome | 'not-pending'

/**
 * E-mails one enquiry the table's write announced: read it back (the record may be stale: sent
 * by the retry, erased, expired since), count the repeats of its message (they raise `genuine`
 * to `likely`, never to held), then the retry's own claim → send → record path. Throws only when
 * the table cannot be read or claimed: the record is then retried, and the scheduled retry sends
 * the enquiry whatever becomes of it.
 */
export async function sendNewEnquiry(
  deps: SenderDependencies,
  id: string,
  remainingMs?: RemainingTime,
): Promise<NewEnquiryOutcome> {
  const deadline = startDeadline()
  const stored = await deps.store.get(id, deadline.by(READ_BY_MS))
  const now = deps.now()
  if (stored?.emailStatus !== 'pending' || !stored.emailPending) return 'not-pending'
  if (isExpired(stored, now)) return 'not-pending'
  if (claimHolds(stored, now)) return 'claimed'
  const enquiry = await countRepeats(deps, stored, deadline.by(REPEATS_BY_MS))
  return claimAndNotify(deps, enquiry, remainingMs)
}

/**
 * The enquiry with the repeats of its message counted into its verdict (which they raise from
 * `genuine` to `likely` at most), stored before the e-mail goes (staff and data subjects see why). A failed lookup costs the
 * signal, never the e-mail.
 */
async function countRepeats(
  deps: SenderDependencies,
  enquiry: Enquiry,
  signal: AbortSignal,
): Promise<Enquiry> {
  if (!deps.repeats || enquiry.spamLevel === 'certain') return enquiry
  // The canary's enquiry is the same every hour: its repeats are not a signal.
  if (enquiry.synthetic === true) return enquiry
  if (!enquiry.messageHash || !enquiry.messageSender) return enquiry
  try {
    const repeatedBy = await deps.repeats(
      { messageHash: enquiry.messageHash, messageSender: enquiry.messageSender },
      new Date(enquiry.createdAt),
      signal,
    )
    const verdict = withRepeats(
      { level: enquiry.spamLevel, score: enquiry.spamScore, reasons: enquiry.spamReasons },
      repeatedBy,
    )
    if (repeatedBy === 0) return enquiry
    await deps.store.raiseSpamVerdict(enquiry.id, verdict, signal)
    if (verdict.level !== enquiry.spamLevel) {
      deps.log({ level: 'info', event: 'enquiry_marked_likely_spam', enquiryId: enquiry.id })
    }
    return {
      ...enquiry,
      spamLevel: verdict.level,
      spamScore: verdict.score,
      spamReasons: verdict.reasons,
    }
  } catch (error) {
    deps.log({
      level: 'warn',
      event: 'spam_repeat_lookup_failed',
      enquiryId: enquiry.id,
      errorName: errorName(error),
    })
    return enquiry
  }
}
