import { UpdateCommand } from '@aws-sdk/lib-dynamodb'
import {
  type AttentionStatus,
  EMAIL_PENDING,
  type EmailStatus,
  enquiryTable,
} from '#shared/enquiry-table.ts'
import type { EnquiryTableRef } from './attention.ts'
import { isConditionalCheckFailure } from './store.ts'

/**
 * What may be done with an enquiry that waits for a person, by staff (the digest's links,
 * functions/enquiry-actions/) or ops (`npm run enquiries`). None of them sends anything: release
 * and requeue put the enquiry back to `pending`, and the sender that sends every pending
 * enquiry (the notification retry) e-mails it; dismiss only takes it out of the digest. Each is a
 * conditional write, so a second press, a second tab or a race with a delivery event changes
 * nothing, and each is recorded on the enquiry (`staffActions`), for `npm run enquiries -- show`
 * and data-subject access exports.
 */

export type StaffAction = 'release' | 'requeue' | 'dismiss'

/** One entry of an enquiry's `staffActions` list. */
export interface StaffActionRecord {
  readonly action: StaffAction
  /** ISO 8601. */
  readonly at: string
}

/** The statuses `requeue` takes an enquiry from (held is released, not requeued). */
export const requeueable = [
  'gave-up',
  'bounced',
  'complained',
  'rejected',
] as const satisfies readonly AttentionStatus[]

/** The statuses each action takes an enquiry from. */
export const actionFrom: Record<StaffAction, readonly EmailStatus[]> = {
  release: ['held'],
  requeue: requeueable,
  // Only one still listed: dismissing takes it out of the list, and nothing else.
  dismiss: ['held', ...requeueable],
}

const appendAction = 'list_append(if_not_exists(#actions, :none), :action)'

function actionValues(action: StaffAction, now: Date) {
  return {
    ':none': [],
    ':action': [{ action, at: now.toISOString() } satisfies StaffActionRecord],
  }
}

/**
 * Puts an enquiry back in the sender's queue, as if new: pending, attempts zero, out of the
 * `needs-attention` index. Only from one of `from` (so a requeue racing a delivery event, or
 * pressed twice, changes nothing); resolves whether it did.
 */
export async function requeueEnquiry(
  table: EnquiryTableRef,
  id: string,
  from: readonly EmailStatus[],
  now: Date,
  action: Exclude<StaffAction, 'dismiss'> = from.includes('held') ? 'release' : 'requeue',
): Promise<boolean> {
  try {
    await table.client.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: { [enquiryTable.partitionKey]: id },
        ConditionExpression: `attribute_exists(#id) AND #status IN (${from.map((_, index) => `:from${index}`).join(', ')})`,
        UpdateExpression: `SET #status = :pending, #statusAt = :now, #pendingKey = :pendingValue, #attempts = :zero, #actions = ${appendAction} REMOVE #attention, #detail, #lastAttemptAt, #claimedUntil`,
        ExpressionAttributeNames: {
          '#id': enquiryTable.partitionKey,
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
          ...actionValues(action, now),
          ...Object.fromEntries(from.map((status, index) => [`:from${index}`, status])),
        },
      }),
    )
    return true
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false
    throw error
  }
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
): Promise<boolean> {
  const from = actionFrom.dismiss
  try {
    await table.client.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: { [enquiryTable.partitionKey]: id },
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
          ...actionValues('dismiss', now),
          ...Object.fromEntries(from.map((status, index) => [`:from${index}`, status])),
        },
      }),
    )
    return true
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false
    throw error
  }
}
