import { type DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { enquiryTable } from '#shared/enquiry-table.ts'
import { EMAIL_SENDER_TAG, ENQUIRY_ID_TAG } from '../enquiries/delivery-tracking.ts'
import type { EmailSender } from '../enquiries/item.ts'
import { conditionalWriteApplied } from '../enquiries/store.ts'
import type { SesEvent } from './ses-event.ts'

/**
 * SES's Send event: SES accepted the message and will deliver it. Published as SES takes the
 * message, whatever became of the sender's own call (its answer lost, the function killed before
 * it recorded the send), so it is the evidence that settles a send of unknown outcome: the
 * enquiry leaves the retry's queue, and nobody e-mails it again (docs/decisions/0034).
 */
export interface AcceptedSend {
  readonly enquiryId: string | undefined
  readonly messageId: string
  /** When SES took the message (ISO 8601). */
  readonly at: string
  readonly sentBy: EmailSender | undefined
}

export function acceptedSendOf(event: SesEvent): AcceptedSend {
  const tags = event.mail.tags ?? {}
  const sentBy = tags[EMAIL_SENDER_TAG]?.[0]
  return {
    enquiryId: tags[ENQUIRY_ID_TAG]?.[0],
    messageId: event.mail.messageId,
    at: event.mail.timestamp,
    sentBy: sentBy === 'sender' || sentBy === 'retry' ? sentBy : undefined,
  }
}

/**
 * Records the send on its enquiry while its e-mail is still owed (`pending`): status `sent`, out
 * of the pending index, any claim released, SES's message id and which function sent it. A
 * status recorded first (the sender's own record, a delivery, a bounce) stands, and an erased
 * enquiry is never recreated: either way the write changes nothing.
 */
export async function recordAcceptedSend(
  client: DynamoDBDocumentClient,
  tableName: string,
  accepted: AcceptedSend,
): Promise<'recorded' | 'already-recorded' | 'unknown-enquiry'> {
  if (!accepted.enquiryId) return 'unknown-enquiry'
  const applied = await conditionalWriteApplied(
    client.send(
      new UpdateCommand({
        TableName: tableName,
        Key: { [enquiryTable.partitionKey]: accepted.enquiryId },
        ConditionExpression: 'attribute_exists(#id) AND #status = :pending',
        UpdateExpression: `SET #status = :sent, #statusAt = :at, #sentAt = :at, #messageId = :messageId${accepted.sentBy ? ', #sentBy = :sentBy' : ''} REMOVE #pending, #claimedUntil`,
        ExpressionAttributeNames: {
          '#id': enquiryTable.partitionKey,
          '#status': 'emailStatus',
          '#statusAt': 'emailStatusAt',
          '#sentAt': 'emailSentAt',
          '#messageId': 'emailMessageId',
          '#pending': enquiryTable.pendingEmailIndex.partitionKey,
          '#claimedUntil': 'emailClaimedUntil',
          ...(accepted.sentBy && { '#sentBy': 'emailSentBy' }),
        },
        ExpressionAttributeValues: {
          ':pending': 'pending',
          ':sent': 'sent',
          ':at': accepted.at,
          ':messageId': accepted.messageId,
          ...(accepted.sentBy && { ':sentBy': accepted.sentBy }),
        },
      }),
    ),
  )
  // Not applied: sent and recorded already (the usual order), or erased since.
  return applied ? 'recorded' : 'already-recorded'
}
