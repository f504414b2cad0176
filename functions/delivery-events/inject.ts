import type { Context } from 'aws-lambda'
import {
  createDeliveryEventsHandler,
  type DeliveryEventResult,
  type DeliveryEventsDependencies,
} from './create-handler.ts'
import {
  type SampleEventOptions,
  type SampleEventType,
  sampleSesEvent,
  snsEventOf,
} from './sample-events.ts'

/**
 * Feeds one documented SES event for an enquiry through the real delivery-events handler, as
 * SNS would deliver it: how the local stack (`npm run enquiries -- simulate`) and the drills
 * show a bounce without AWS. The metric it moves is printed as Powertools prints it in Lambda.
 */
export async function injectDeliveryEvent(
  deps: DeliveryEventsDependencies,
  type: SampleEventType,
  enquiryId: string,
  at: Date = new Date(),
  messageId?: string,
  options: Pick<SampleEventOptions, 'sentBy'> = {},
): Promise<DeliveryEventResult> {
  const handler = createDeliveryEventsHandler(deps)
  const event = sampleSesEvent(type, {
    enquiryId,
    at,
    ...(messageId && { messageId }),
    ...options,
  })
  const [result] = await handler(snsEventOf(event), {} as Context)
  return result as DeliveryEventResult
}
