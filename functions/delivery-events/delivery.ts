import { type DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { type EmailStatus, enquiryTable } from '#shared/enquiry-table.ts'
import { ENQUIRY_ID_TAG } from '../enquiries/delivery-tracking.ts'
import { conditionalWriteApplied } from '../enquiries/store.ts'
import { type SesEvent, sesEventType } from './ses-event.ts'

/** The statuses SES's events set: the e-mail's fate after SES accepted it. */
export type DeliveryStatus = Extract<
  EmailStatus,
  'delivered' | 'bounced' | 'complained' | 'rejected'
>

/** What one SES event means for its enquiry. */
export interface DeliveryUpdate {
  /** From the message's `enquiry-id` tag; absent for an e-mail sent without one. */
  readonly enquiryId: string | undefined
  readonly status: DeliveryStatus
  /** When SES says it happened (ISO 8601): the enquiry's `emailStatusAt`. */
  readonly at: string
  /** Why, in SES's words without anyone's address (`Permanent/General`, `abuse`, `Bad content`). */
  readonly detail: string
  readonly messageId: string
}

const problems: readonly DeliveryStatus[] = ['bounced', 'complained', 'rejected']

/** Whether a status means the agency did not get (or refused) the e-mail: ops must act. */
export function isDeliveryProblem(status: DeliveryStatus): boolean {
  return problems.includes(status)
}

/**
 * Which stored statuses an event's status may replace. SES's events are at least once and
 * unordered, so the rule makes their order not matter:
 * - a problem (bounce, complaint, reject) is final: it replaces `pending`, `sent`, `delivered`
 *   (a server may accept a message and bounce it later; a complaint follows a delivery) and
 *   `gave-up`, and nothing replaces it but a person's requeue;
 * - `delivered` replaces only `pending`, `sent` and `gave-up` (the e-mail did go, whatever the
 *   record said), never a problem;
 * - the same status again changes nothing, so a repeated event is a no-op.
 * `pending` is included because SES may report before the sender recorded `sent` (or after that
 * write failed): the event then also takes the enquiry out of the retry's queue, so the retry
 * does not e-mail it a second time.
 */
export function replaceableBy(status: DeliveryStatus): readonly EmailStatus[] {
  return status === 'delivered'
    ? ['pending', 'sent', 'gave-up']
    : ['pending', 'sent', 'delivered', 'gave-up']
}

/**
 * The update an SES event asks for, or `undefined` for events that change no status (a delivery
 * delay, a send, an open): SES keeps retrying a delayed message and reports its end later.
 */
export function deliveryUpdateOf(event: SesEvent): DeliveryUpdate | undefined {
  const enquiryId = event.mail.tags?.[ENQUIRY_ID_TAG]?.[0]
  const base = { enquiryId, messageId: event.mail.messageId }
  switch (sesEventType(event)) {
    case 'Delivery':
      return (
        event.delivery && {
          ...base,
          status: 'delivered',
          at: event.delivery.timestamp,
          detail: 'Delivered',
        }
      )
    case 'Bounce':
      return (
        event.bounce && {
          ...base,
          status: 'bounced',
          at: event.bounce.timestamp,
          detail: [event.bounce.bounceType, event.bounce.bounceSubType].filter(Boolean).join('/'),
        }
      )
    case 'Complaint':
      return (
        event.complaint && {
          ...base,
          status: 'complained',
          at: event.complaint.timestamp ?? event.mail.timestamp,
          detail: event.complaint.complaintFeedbackType ?? 'complaint',
        }
      )
    case 'Reject':
      return {
        ...base,
        status: 'rejected',
        // A reject happens as SES takes the message: the mail's own time is the event's.
        at: event.mail.timestamp,
        detail: event.reject?.reason ?? 'rejected',
      }
    default:
      return undefined
  }
}

/**
 * What recording an update did: `recorded` (the status changed), `duplicate` (it was already
 * that), `superseded` (a later fact stands, e.g. a delivery arriving after the bounce),
 * `unknown-enquiry` (no tag, or erased or expired since).
 */
export type RecordOutcome = 'recorded' | 'duplicate' | 'superseded' | 'unknown-enquiry'

/**
 * Writes the update onto its enquiry in one conditional write (so concurrent or repeated events
 * cannot undo each other), leaving the retry's queue and, for a problem, joining the
 * `needs-attention` index. Never recreates an erased enquiry.
 */
export async function recordDelivery(
  client: DynamoDBDocumentClient,
  tableName: string,
  update: DeliveryUpdate,
): Promise<RecordOutcome> {
  if (!update.enquiryId) return 'unknown-enquiry'
  const key = { [enquiryTable.partitionKey]: update.enquiryId }
  const replaceable = replaceableBy(update.status)
  const problem = isDeliveryProblem(update.status)
  const names = {
    '#id': enquiryTable.partitionKey,
    '#status': 'emailStatus',
    '#statusAt': 'emailStatusAt',
    '#detail': 'emailStatusDetail',
    '#pending': enquiryTable.pendingEmailIndex.partitionKey,
    '#attention': enquiryTable.attentionIndex.partitionKey,
  }
  const values: Record<string, unknown> = {
    ':status': update.status,
    ':at': update.at,
    ':detail': update.detail,
    ...Object.fromEntries(replaceable.map((status, index) => [`:from${index}`, status])),
  }
  const recorded = await conditionalWriteApplied(
    client.send(
      new UpdateCommand({
        TableName: tableName,
        Key: key,
        ConditionExpression: `attribute_exists(#id) AND #status IN (${replaceable.map((_, index) => `:from${index}`).join(', ')})`,
        UpdateExpression: problem
          ? 'SET #status = :status, #statusAt = :at, #detail = :detail, #attention = :status REMOVE #pending'
          : 'SET #status = :status, #statusAt = :at, #detail = :detail REMOVE #pending, #attention',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    ),
  )
  if (recorded) return 'recorded'
  // Only to say why nothing changed (for the log): the write above already decided.
  const { Item } = await client.send(
    new GetCommand({
      TableName: tableName,
      Key: key,
      ProjectionExpression: '#status',
      ExpressionAttributeNames: { '#status': 'emailStatus' },
    }),
  )
  if (!Item) return 'unknown-enquiry'
  return Item.emailStatus === update.status ? 'duplicate' : 'superseded'
}
