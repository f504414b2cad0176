import {
  type AttentionStatus,
  EMAIL_PENDING,
  type EmailStatus,
  enquiryTable,
} from '#shared/enquiry-table.ts'
import type { EnquiryTableRef } from './attention.ts'
import type { ActedBy, StaffAction, StaffActionRecord } from './item.ts'
import { conditionalWriteApplied, emailStatusOf, updateEnquiry } from './store.ts'

/**
 * What may be done with an enquiry that waits for a person, by staff (the signed links in the
 * agency's e-mails, functions/enquiry-actions/) or ops (`npm run enquiries`). None of them sends
 * anything: release and requeue put the enquiry back to `pending`, and the sender that sends
 * every pending enquiry (the notification retry) e-mails it; dismiss only takes it out of the
 * digest. Each is a conditional write on an enquiry still listed (not dismissed), so a second
 * press, a second tab, a conflicting press (dismiss against release) or a race with a delivery
 * event changes nothing: the second sees the first. Each is recorded on the enquiry
 * (`staffActions`: what, when, by whom), for `npm run enquiries -- show`, the e-mail it causes
 * and data-subject access exports.
 */

export type { StaffAction, StaffActionRecord }

/** The statuses `requeue` takes an enquiry from (held is released, not requeued). */
export const requeueable = [
  'gave-up',
  'bounced',
  'complained',
  'rejected',
] as const satisfies readonly AttentionStatus[]

/** The statuses each action takes an enquiry from. */
export const actionFrom: Record<Exclude<StaffAction, 'answer'>, readonly EmailStatus[]> = {
  release: ['held'],
  requeue: requeueable,
  // Only one still listed: dismissing takes it out of the list, and nothing else.
  dismiss: ['held', ...requeueable],
}

const appendAction = 'list_append(if_not_exists(#actions, :none), :action)'

/** The `staffActions` entry appended by an update (`#actions` = `:action` appended). */
export function actionValues(record: StaffActionRecord) {
  return { ':none': [], ':action': [record] }
}

/**
 * Puts an enquiry back in the sender's queue, as if new: pending, attempts zero, out of the
 * `needs-attention` index. Only from one of `from`, and only while it is still listed (not
 * dismissed): a requeue racing a delivery event, pressed twice, or pressed against a dismiss
 * changes nothing. Its entry keeps why it was sent again (the status it had). Resolves whether
 * it did.
 */
export async function requeueEnquiry(
  table: EnquiryTableRef,
  id: string,
  from: readonly EmailStatus[],
  now: Date,
  options: { readonly action?: 'release' | 'requeue'; readonly by: ActedBy },
): Promise<boolean> {
  const action = options.action ?? (from.includes('held') ? 'release' : 'requeue')
  const status = await emailStatusOf(table, id)
  if (!status || !from.includes(status)) return false
  return conditionalWriteApplied(
    updateEnquiry(table, id, {
      // The status read above, still: whatever changed it meanwhile wins.
      ConditionExpression: 'attribute_exists(#attention) AND #status = :from',
      UpdateExpression: `SET #status = :pending, #statusAt = :now, #pendingKey = :pendingValue, #attempts = :zero, #actions = ${appendAction} REMOVE #attention, #detail, #lastAttemptAt, #claimedUntil`,
      ExpressionAttributeNames: {
        '#status': 'emailStatus',
        '#statusAt': 'emailStatusAt',
        '#pendingKey': enquiryTable.pendingEmailIndex.partitionKey,
        '#attempts': 'emailAttempts',
        '#attention': enquiryTable.attentionIndex.partitionKey,
        '#detail': 'emailStatusDetail',
        '#lastAttemptAt': 'emailLastAttemptAt',
        // A claim left by a retry run that stopped mid-send would hold the e-mail back.
        '#claimedUntil': 'emailClaimedUntil',
        '#actions': 'staffActions',
      },
      ExpressionAttributeValues: {
        ':pending': 'pending',
        ':now': now.toISOString(),
        ':pendingValue': EMAIL_PENDING,
        ':zero': 0,
        ':from': status,
        ...actionValues({
          action,
          at: now.toISOString(),
          by: options.by,
          ...(action === 'requeue' && { from: status }),
        }),
      },
    }),
  )
}

/**
 * Takes a waiting enquiry out of the digest and the lists, keeping everything else: its status
 * (held, or how its e-mail failed), its data until its retention ends, its place in access and
 * erasure requests. Resolves whether it did (not when it was no longer listed).
 */
export async function dismissEnquiry(
  table: EnquiryTableRef,
  id: string,
  now: Date,
  by: ActedBy,
): Promise<boolean> {
  const from = actionFrom.dismiss
  return conditionalWriteApplied(
    updateEnquiry(table, id, {
      ConditionExpression: `attribute_exists(#attention) AND #status IN (${from.map((_, index) => `:from${index}`).join(', ')})`,
      UpdateExpression: `SET #dismissedAt = :now, #actions = ${appendAction} REMOVE #attention`,
      ExpressionAttributeNames: {
        '#attention': enquiryTable.attentionIndex.partitionKey,
        '#status': 'emailStatus',
        '#dismissedAt': 'dismissedAt',
        '#actions': 'staffActions',
      },
      ExpressionAttributeValues: {
        ':now': now.toISOString(),
        ...actionValues({ action: 'dismiss', at: now.toISOString(), by }),
        ...Object.fromEntries(from.map((status, index) => [`:from${index}`, status])),
      },
    }),
  )
}
