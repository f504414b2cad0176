import type { SNSEvent } from 'aws-lambda'
import { EMAIL_SENDER_TAG, ENQUIRY_ID_TAG } from '../enquiries/delivery-tracking.ts'
import type { EmailSender } from '../enquiries/item.ts'

/**
 * SES event-publishing records shaped as AWS's "Examples of event data that Amazon SES publishes
 * to Amazon SNS" show them, for one enquiry's e-mail: the tests' fixtures, the local stack's
 * `npm run enquiries -- simulate` and the drills inject them through the real handler.
 */
export type SampleEventType =
  | 'Send'
  | 'Bounce'
  | 'Complaint'
  | 'Delivery'
  | 'Reject'
  | 'DeliveryDelay'

export interface SampleEventOptions {
  /** The enquiry the e-mail was about (its `enquiry-id` tag); absent: an untagged e-mail. */
  readonly enquiryId?: string
  /** When SES reports the event happened. @default now */
  readonly at?: Date
  /** SES's message id. @default a fixed example id */
  readonly messageId?: string
  /** For a bounce: `Permanent` or `Transient`. @default 'Permanent' */
  readonly bounceType?: string
  readonly bounceSubType?: string
  /** The function that sent the e-mail (its `sent-by` tag); absent: no such tag. */
  readonly sentBy?: EmailSender
}

const sender = 'Elevate Digital website <website@elevate-digital.example>'
const agency = 'hello@elevate-digital.example'

export function sampleSesEvent(type: SampleEventType, options: SampleEventOptions = {}) {
  const at = options.at ?? new Date()
  // SES's Send event is published as it takes the message; the others come after it.
  const sentAt = new Date(at.getTime() - (type === 'Send' ? 0 : 60_000)).toISOString()
  const timestamp = at.toISOString()
  const mail = {
    timestamp: sentAt,
    source: sender,
    sourceArn: 'arn:aws:ses:eu-west-2:123456789012:identity/website@elevate-digital.example',
    sendingAccountId: '123456789012',
    messageId: options.messageId ?? '0102019a1b2c3d4e-5f6a7b8c-9d0e-4f1a-8b2c-3d4e5f6a7b8c-000000',
    destination: [agency],
    headersTruncated: false,
    headers: [
      { name: 'From', value: sender },
      { name: 'To', value: agency },
      { name: 'Subject', value: 'New enquiry' },
      { name: 'MIME-Version', value: '1.0' },
    ],
    commonHeaders: { from: [sender], to: [agency], messageId: 'EXAMPLE', subject: 'New enquiry' },
    tags: {
      'ses:configuration-set': ['DeliveryEvents'],
      'ses:source-ip': ['192.0.2.0'],
      'ses:from-domain': ['elevate-digital.example'],
      'ses:caller-identity': ['contact-function'],
      ...(options.enquiryId && { [ENQUIRY_ID_TAG]: [options.enquiryId] }),
      ...(options.sentBy && { [EMAIL_SENDER_TAG]: [options.sentBy] }),
    },
  }
  switch (type) {
    case 'Send':
      return { eventType: 'Send', send: {}, mail }
    case 'Bounce':
      return {
        eventType: 'Bounce',
        bounce: {
          bounceType: options.bounceType ?? 'Permanent',
          bounceSubType: options.bounceSubType ?? 'General',
          bouncedRecipients: [
            {
              emailAddress: agency,
              action: 'failed',
              status: '5.1.1',
              diagnosticCode: 'smtp; 550 5.1.1 user unknown',
            },
          ],
          timestamp,
          feedbackId: '0102019a1b2c3d4e-aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee-000000',
          reportingMTA: 'dsn; a1-2.smtp-out.eu-west-2.amazonses.com',
        },
        mail,
      }
    case 'Complaint':
      return {
        eventType: 'Complaint',
        complaint: {
          complainedRecipients: [{ emailAddress: agency }],
          timestamp,
          feedbackId: '0102019a1b2c3d4e-ffffffff-bbbb-cccc-dddd-eeeeeeeeeeee-000000',
          userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)',
          complaintFeedbackType: 'abuse',
          arrivalDate: timestamp,
        },
        mail,
      }
    case 'Delivery':
      return {
        eventType: 'Delivery',
        delivery: {
          timestamp,
          processingTimeMillis: 546,
          recipients: [agency],
          smtpResponse: '250 2.6.0 Message received',
          reportingMTA: 'a1-2.smtp-out.eu-west-2.amazonses.com',
        },
        mail,
      }
    case 'Reject':
      return { eventType: 'Reject', reject: { reason: 'Bad content' }, mail }
    case 'DeliveryDelay':
      return {
        eventType: 'DeliveryDelay',
        deliveryDelay: {
          timestamp,
          delayType: 'MailboxFull',
          expirationTime: new Date(at.getTime() + 86_400_000).toISOString(),
          delayedRecipients: [
            {
              emailAddress: agency,
              status: '4.2.2',
              diagnosticCode: 'smtp; 452 4.2.2 Mailbox full',
            },
          ],
        },
        mail,
      }
  }
}

/** SNS's Lambda event carrying the given records, one per message, as SES's topic delivers them. */
export function snsEventOf(...records: readonly unknown[]): SNSEvent {
  return {
    Records: records.map((record, index) => ({
      EventSource: 'aws:sns',
      EventVersion: '1.0',
      EventSubscriptionArn:
        'arn:aws:sns:eu-west-2:123456789012:DeliveryEvents:0b1c2d3e-0000-4000-8000-000000000000',
      Sns: {
        Type: 'Notification',
        MessageId: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
        TopicArn: 'arn:aws:sns:eu-west-2:123456789012:DeliveryEvents',
        Subject: '',
        Message: JSON.stringify(record),
        Timestamp: new Date().toISOString(),
        SignatureVersion: '1',
        Signature: 'EXAMPLE',
        SigningCertUrl: 'https://sns.eu-west-2.amazonaws.com/SimpleNotificationService-0000.pem',
        UnsubscribeUrl: 'https://sns.eu-west-2.amazonaws.com/?Action=Unsubscribe',
        MessageAttributes: {},
      },
    })),
  }
}
