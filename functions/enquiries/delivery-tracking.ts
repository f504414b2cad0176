import type { MessageTag } from '@aws-sdk/client-ses'
import type { EmailSender } from './item.ts'

/**
 * The SES message tag that carries the enquiry's id. SES copies a message's tags into every
 * event it publishes about it (`mail.tags`), which is how a bounce finds its enquiry. Tag values
 * allow letters, digits, `_` and `-`: an id (a UUID) fits as it is.
 */
export const ENQUIRY_ID_TAG = 'enquiry-id'

/** The tag naming the function that sent the e-mail (`sender` or `retry`), for SES's Send event. */
export const EMAIL_SENDER_TAG = 'sent-by'

/**
 * What a SendEmail call adds so SES reports what became of the e-mail: the configuration set
 * whose event destination publishes send, delivery, bounce, complaint and reject events, and the
 * tags naming the enquiry and, for an enquiry's own e-mail, the function that sent it. Without a
 * configuration set (not configured) nothing is added.
 */
export function deliveryTracking(
  enquiryId: string,
  configurationSet: string | undefined,
  sentBy?: EmailSender,
): { ConfigurationSetName?: string; Tags?: MessageTag[] } {
  if (!configurationSet) return {}
  return {
    ConfigurationSetName: configurationSet,
    Tags: [
      { Name: ENQUIRY_ID_TAG, Value: enquiryId },
      ...(sentBy ? [{ Name: EMAIL_SENDER_TAG, Value: sentBy }] : []),
    ],
  }
}
