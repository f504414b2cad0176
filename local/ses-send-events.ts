import type { IncomingHttpHeaders } from 'node:http'
import type { Context } from 'aws-lambda'
import {
  createDeliveryEventsHandler,
  type DeliveryEventsDependencies,
} from '#functions/delivery-events/create-handler.ts'
import { sampleSesEvent, snsEventOf } from '#functions/delivery-events/sample-events.ts'
import { EMAIL_SENDER_TAG, ENQUIRY_ID_TAG } from '#functions/enquiries/delivery-tracking.ts'
import type { EmailSender } from '#functions/enquiries/item.ts'
import { errorName } from '#functions/log.ts'
import type { RunningEmulator } from './emulators.ts'

/**
 * What SES does as it takes a message sent with a configuration set that publishes Send events,
 * and aws-ses-v2-local does not: it publishes the documented Send event (the message's tags, its
 * SES message id), which reaches the delivery-events function through SNS. Here, each SendEmail
 * the stand-in accepted goes as that event through the real delivery-events handler, whatever
 * became of the sender's own call (its answer held back or lost, the sender killed after SES took
 * it): the evidence that settles a send of unknown outcome (docs/decisions/0034), a second after
 * the send (SES's own delay is seconds). Not modelled: SNS's retries and order.
 */
export interface SendEvents {
  /** Waits for every event still being handed over (before the pipeline closes). */
  settled(): Promise<void>
}

/** A SendEmail request as the SES query protocol posts it (urlencoded `Tags.member.N.Name`…). */
export function acceptedSendOf(body: string, configurationSet: string) {
  const form = new URLSearchParams(body)
  if (form.get('Action') !== 'SendEmail' || form.get('ConfigurationSetName') !== configurationSet) {
    return undefined
  }
  const tags = new Map<string, string>()
  for (let n = 1; form.has(`Tags.member.${n}.Name`); n++) {
    tags.set(String(form.get(`Tags.member.${n}.Name`)), String(form.get(`Tags.member.${n}.Value`)))
  }
  const enquiryId = tags.get(ENQUIRY_ID_TAG)
  const tagged = tags.get(EMAIL_SENDER_TAG)
  const sentBy: EmailSender | undefined =
    tagged === 'sender' || tagged === 'retry' ? tagged : undefined
  if (!enquiryId) return undefined
  return { enquiryId, ...(sentBy && { sentBy }) }
}

/** SES publishes its events seconds after it took the message: the sender's own record first. */
const SEND_EVENT_DELAY_MS = 1_000

export function publishSendEvents(
  ses: Pick<RunningEmulator, 'observe'>,
  configurationSet: string,
  deps: DeliveryEventsDependencies,
): SendEvents {
  const inFlight = new Set<Promise<unknown>>()
  const handler = createDeliveryEventsHandler(deps)
  const queryProtocol = (headers: IncomingHttpHeaders) =>
    String(headers['content-type']).startsWith('application/x-www-form-urlencoded')
  ses.observe(queryProtocol, (exchange) => {
    if (exchange.status !== 200) return
    const accepted = acceptedSendOf(exchange.body, configurationSet)
    const messageId = /<MessageId>([^<]+)<\/MessageId>/.exec(exchange.answer)?.[1]
    if (!accepted || !messageId) return
    const at = new Date()
    const event = sampleSesEvent('Send', { ...accepted, at, messageId })
    const handedOver = new Promise((resolve) => setTimeout(resolve, SEND_EVENT_DELAY_MS))
      .then(() => handler(snsEventOf(event), {} as Context))
      .catch((error: unknown) => {
        deps.log?.({
          level: 'error',
          event: 'local_send_event_failed',
          enquiryId: accepted.enquiryId,
          errorName: errorName(error),
        })
      })
      .finally(() => inFlight.delete(handedOver))
    inFlight.add(handedOver)
  })
  return {
    async settled() {
      while (inFlight.size > 0) await Promise.all([...inFlight])
    },
  }
}
