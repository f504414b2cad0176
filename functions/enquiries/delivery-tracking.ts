import type { MessageTag } from '@aws-sdk/client-ses'

/**
 * The SES message tag that carries the enquiry's id. SES copies a message's tags into every
 * event it publishes about it (`mail.tags`), which is how a bounce finds its enquiry. Tag values
 * allow letters, digits, `_` and `-`: an id (a UUID) fits as it is.
 */
export const ENQUIRY_ID_TAG = 'enquiry-id'

/**
 * What a SendEmail call adds so SES reports what became of the e-mail: the configuration set
 * whose event destination publishes delivery, bounce, complaint and reject events, and the tag
 * naming the enquiry. Without a configuration set (not configured) nothing is added.
 */
export function deliveryTracking(
  enquiryId: string,
  configurationSet: string | undefined,
): { ConfigurationSetName?: string; Tags?: MessageTag[] } {
  if (!configurationSet) return {}
  return {
    ConfigurationSetName: configurationSet,
    Tags: [{ Name: ENQUIRY_ID_TAG, Value: enquiryId }],
  }
}
