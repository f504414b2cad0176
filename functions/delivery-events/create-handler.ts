import type { Metrics } from '@aws-lambda-powertools/metrics'
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware'
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb'
import middy from '@middy/core'
import type { SNSEvent } from 'aws-lambda'
import { deliveryMetricNames } from '#shared/delivery-metrics.ts'
import { jsonLogger, type Logger } from '../log.ts'
import { countEnquiry } from '../metrics.ts'
import { acceptedSendOf, recordAcceptedSend } from './accepted.ts'
import {
  deliveryUpdateOf,
  isDeliveryProblem,
  type RecordOutcome,
  recordDelivery,
} from './delivery.ts'
import { parseSesEvent, sesEventType } from './ses-event.ts'

export interface DeliveryEventsDependencies {
  readonly documentClient: DynamoDBDocumentClient
  readonly tableName: string
  readonly metrics: Metrics
  readonly log?: Logger
}

/** What one invocation did, per SNS record (for tests, the local simulation and the drills). */
export interface DeliveryEventResult {
  readonly eventType: string
  readonly enquiryId?: string | undefined
  readonly status?: string
  readonly outcome: RecordOutcome | 'ignored' | 'unreadable' | 'already-recorded'
}

/**
 * SES's send, delivery, bounce, complaint and reject events (through SNS) onto their enquiries: Middy
 * and Powertools wiring only; the rules are `deliveryUpdateOf` and `recordDelivery`. A DynamoDB
 * failure throws, so SNS's asynchronous invocation retries the whole batch; that is safe because
 * recording is idempotent.
 */
export function createDeliveryEventsHandler(deps: DeliveryEventsDependencies) {
  const log = deps.log ?? jsonLogger
  const handle = async (event: SNSEvent): Promise<DeliveryEventResult[]> => {
    const results: DeliveryEventResult[] = []
    for (const record of event.Records ?? []) {
      const ses = parseSesEvent(record.Sns?.Message ?? '')
      if (!ses) {
        log({ level: 'warn', event: 'delivery_event_unreadable' })
        results.push({ eventType: 'unknown', outcome: 'unreadable' })
        continue
      }
      const eventType = sesEventType(ses)
      if (eventType === 'Send') {
        // SES took the message: the send's evidence, whatever its sender recorded (accepted.ts).
        const accepted = acceptedSendOf(ses)
        const outcome = await recordAcceptedSend(deps.documentClient, deps.tableName, accepted)
        log({
          level: 'info',
          event: `enquiry_email_accepted${outcome === 'recorded' ? '' : `_${outcome}`}`,
          enquiryId: accepted.enquiryId,
        })
        results.push({ eventType, enquiryId: accepted.enquiryId, outcome })
        continue
      }
      const update = deliveryUpdateOf(ses)
      if (!update) {
        // A delivery delay: SES is still trying; its outcome arrives as another event.
        log({ level: 'info', event: `delivery_event_ignored_${eventType}` })
        results.push({ eventType, outcome: 'ignored' })
        continue
      }
      const outcome = await recordDelivery(deps.documentClient, deps.tableName, update)
      // A problem pages ops even when its enquiry is gone: the agency's mailbox is refusing mail.
      // A repeat or an out-of-date event moves nothing (its first copy already did).
      if (
        outcome === 'recorded' ||
        (outcome === 'unknown-enquiry' && isDeliveryProblem(update.status))
      ) {
        countEnquiry(deps.metrics, deliveryMetricNames[update.status])
      }
      // `enquiry_email_bounced` when recorded; `enquiry_email_bounced_duplicate` and the like when not.
      log({
        level: isDeliveryProblem(update.status) ? 'error' : 'info',
        event: `enquiry_email_${update.status}${outcome === 'recorded' ? '' : `_${outcome}`}`,
        enquiryId: update.enquiryId,
      })
      results.push({ eventType, enquiryId: update.enquiryId, status: update.status, outcome })
    }
    return results
  }
  return middy<SNSEvent, DeliveryEventResult[]>().use(logMetrics(deps.metrics)).handler(handle)
}
