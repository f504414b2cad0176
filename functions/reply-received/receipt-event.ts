import type { SESEvent, SESReceiptStatus } from 'aws-lambda'

/**
 * An SES receipt event as its Lambda action delivers one (headers and SES's checks, never the
 * body): what the local stack's SMTP receiver builds from a message it was sent, and what the
 * tests give the function.
 */
export interface ReceivedMessage {
  /** The From header's entries, as SES splits them (`Jane Doe <jane@x.example>`). */
  readonly from?: readonly string[]
  /** The envelope recipients the rule matched. */
  readonly recipients: readonly string[]
  /** Every header, in order. */
  readonly headers?: readonly { readonly name: string; readonly value: string }[]
  readonly headersTruncated?: boolean
  /** SES's authentication verdicts. @default PASS for SPF, DKIM and DMARC */
  readonly verdicts?: Partial<
    Record<'spf' | 'dkim' | 'dmarc' | 'spam' | 'virus', SESReceiptStatus['status']>
  >
  readonly messageId?: string
  readonly at?: Date
}

export function receiptEvent(message: ReceivedMessage): SESEvent {
  const at = (message.at ?? new Date()).toISOString()
  const status = (name: 'spf' | 'dkim' | 'dmarc' | 'spam' | 'virus') => ({
    status: message.verdicts?.[name] ?? 'PASS',
  })
  const headers = [...(message.headers ?? [])]
  const header = (name: string) =>
    headers.find((candidate) => candidate.name.toLowerCase() === name)?.value ?? ''
  const messageId = message.messageId ?? `local-${Date.now().toString(36)}`
  return {
    Records: [
      {
        eventSource: 'aws:ses',
        eventVersion: '1.0',
        ses: {
          mail: {
            timestamp: at,
            source: message.from?.[0] ?? '',
            messageId,
            destination: [...message.recipients],
            headersTruncated: message.headersTruncated ?? false,
            headers,
            commonHeaders: {
              returnPath: message.from?.[0] ?? '',
              ...(message.from && { from: [...message.from] }),
              date: header('date'),
              to: [...message.recipients],
              messageId: header('message-id'),
              subject: header('subject'),
            },
          },
          receipt: {
            timestamp: at,
            processingTimeMillis: 1,
            recipients: [...message.recipients],
            spamVerdict: status('spam'),
            virusVerdict: status('virus'),
            spfVerdict: status('spf'),
            dkimVerdict: status('dkim'),
            dmarcVerdict: status('dmarc'),
            action: {
              type: 'Lambda',
              functionArn: 'arn:aws:lambda:eu-west-2:123456789012:function:reply-received',
              invocationType: 'Event',
            },
          },
        },
      },
    ],
  }
}
