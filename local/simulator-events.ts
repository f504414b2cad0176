import type { SESClient } from '@aws-sdk/client-ses'
import type { DeliveryEventsDependencies } from '#functions/delivery-events/create-handler.ts'
import { injectDeliveryEvent } from '#functions/delivery-events/inject.ts'
import { ENQUIRY_ID_TAG } from '#functions/enquiries/delivery-tracking.ts'
import { emailStatusOf } from '#functions/enquiries/store.ts'
import { errorName } from '#functions/log.ts'
import { syntheticEnquiry } from '#shared/synthetic-enquiry.ts'

/**
 * What SES's mailbox simulator does and the local SES stand-in (aws-ses-v2-local) does not: for
 * an e-mail to `success@simulator.amazonses.com` sent with the configuration set, SES publishes a
 * Delivery event, which reaches the delivery-events function through SNS. Here, once the stand-in
 * has accepted such an e-mail, the same documented Delivery event (its `enquiry-id` tag and
 * SES's message id) goes through the real delivery-events handler, a moment after the send, as
 * SNS would hand it over. E-mails to any other address get no event, as before (a real inbox
 * only reports through SES). Not modelled: SNS's retries and order, SES's few seconds of delay.
 */
export interface SimulatorEvents {
  /** Waits for every event still being handed over (before the pipeline closes). */
  settled(): Promise<void>
}

interface SendInput {
  readonly ConfigurationSetName?: string
  readonly Destination?: {
    readonly ToAddresses?: string[]
    readonly CcAddresses?: string[]
    readonly BccAddresses?: string[]
  }
  readonly Tags?: { readonly Name?: string; readonly Value?: string }[]
}

/** The enquiry id SES would copy into the event, when the e-mail went to the simulator only. */
export function simulatedDeliveryOf(
  input: SendInput,
  configurationSet: string,
): string | undefined {
  if (input.ConfigurationSetName !== configurationSet) return undefined
  const to = [
    ...(input.Destination?.ToAddresses ?? []),
    ...(input.Destination?.CcAddresses ?? []),
    ...(input.Destination?.BccAddresses ?? []),
  ]
  if (
    to.length === 0 ||
    to.some((address) => address.toLowerCase() !== syntheticEnquiry.recipient)
  ) {
    return undefined
  }
  return input.Tags?.find((tag) => tag.Name === ENQUIRY_ID_TAG)?.Value
}

/**
 * Waits (at most 2 s) until the sender has written the outcome of its send: an event recorded
 * before that write would be overwritten by it (`markEmailSent` sets `sent` whatever the status),
 * which in AWS only SES's usual delay of seconds prevents.
 */
async function sendRecorded(deps: DeliveryEventsDependencies, enquiryId: string): Promise<void> {
  const table = { client: deps.documentClient, tableName: deps.tableName }
  const until = Date.now() + 2_000
  while (Date.now() < until) {
    if ((await emailStatusOf(table, enquiryId)) !== 'pending') return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** Makes `ses` (the functions' client, pointed at the stand-in) publish the simulator's events. */
export function publishSimulatorEvents(
  ses: SESClient,
  configurationSet: string,
  deps: DeliveryEventsDependencies,
): SimulatorEvents {
  const inFlight = new Set<Promise<unknown>>()
  ses.middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args)
      const enquiryId =
        context.commandName === 'SendEmailCommand'
          ? simulatedDeliveryOf(args.input as SendInput, configurationSet)
          : undefined
      if (enquiryId) {
        const messageId = (result.output as { MessageId?: string }).MessageId
        // After the sender has recorded the send, as SES's events (seconds later) would be.
        const handedOver = sendRecorded(deps, enquiryId)
          .then(() => injectDeliveryEvent(deps, 'Delivery', enquiryId, new Date(), messageId))
          .catch((error: unknown) => {
            deps.log?.({
              level: 'error',
              event: 'local_simulator_event_failed',
              enquiryId,
              errorName: errorName(error),
            })
          })
          .finally(() => inFlight.delete(handedOver))
        inFlight.add(handedOver)
      }
      return result
    },
    { step: 'initialize', name: 'localMailboxSimulatorEvents' },
  )
  return {
    async settled() {
      await Promise.all([...inFlight])
    },
  }
}
