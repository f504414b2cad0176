import type { Metrics } from '@aws-lambda-powertools/metrics'
import type { Context, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda'
import type { AwsClients } from '../aws-clients.ts'
import type { FunctionConfig } from '../config.ts'
import { tableRepeatLookup } from '../enquiries/repeats.ts'
import { createEnquiryStore } from '../enquiries/store.ts'
import { errorName, jsonLogger, type Logger } from '../log.ts'
import { createPacer } from '../notification-retry/pacer.ts'
import { sendNewEnquiry } from './send-new.ts'

/**
 * Sends per second, at most: the share of SES's 14 a second the contact function used to take
 * (the API's throttle, 5 a second), beside the retry's 8.
 */
export const SENDER_SENDS_PER_SECOND = 5

export interface SenderHandlerDependencies {
  readonly config: FunctionConfig
  readonly clients: AwsClients
  readonly log?: Logger
  /** Powertools metrics, flushed at the end of every batch; without them, none are recorded. */
  readonly metrics?: Metrics
  readonly now?: () => Date
}

/**
 * The function the table's stream starts (filtered to new pending enquiries): e-mails each one.
 * A record whose enquiry could not be read or claimed is reported as a batch item failure, so
 * Lambda retries from it and, past its retries, hands it to the on-failure destination (ops
 * hear); the scheduled retry sends that enquiry meanwhile.
 */
export function createSenderHandler(deps: SenderHandlerDependencies) {
  const log = deps.log ?? jsonLogger
  const sender = {
    ses: deps.clients.ses,
    store: createEnquiryStore(deps.clients.documentClient, deps.config.enquiriesTable),
    repeats: tableRepeatLookup(deps.clients.documentClient, deps.config.enquiriesTable),
    addresses: deps.config,
    log,
    metrics: deps.metrics,
    now: deps.now ?? (() => new Date()),
  }
  return async (event: DynamoDBStreamEvent, context?: Context): Promise<DynamoDBBatchResponse> => {
    // Every line this invocation logs carries its request id (Powertools' own `addContext`:
    // there is no Middy chain here for `injectLambdaContext`).
    if (context) log.powertools?.addContext(context)
    const pacer = createPacer(SENDER_SENDS_PER_SECOND)
    const batchItemFailures: DynamoDBBatchResponse['batchItemFailures'] = []
    try {
      for (const record of event.Records) {
        const id = record.dynamodb?.Keys?.id?.S
        if (!id) continue
        // Lambda retries from the first failure on: the rest of the batch goes with it.
        if (batchItemFailures.length > 0) {
          batchItemFailures.push({ itemIdentifier: record.dynamodb?.SequenceNumber ?? id })
          continue
        }
        try {
          await pacer.wait()
          await sendNewEnquiry(sender, id)
        } catch (error) {
          log({
            level: 'error',
            event: 'enquiry_sender_failed',
            enquiryId: id,
            errorName: errorName(error),
          })
          batchItemFailures.push({ itemIdentifier: record.dynamodb?.SequenceNumber ?? id })
        }
      }
    } finally {
      sender.metrics?.publishStoredMetrics()
    }
    return { batchItemFailures }
  }
}
