import type { Context, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda'
import { tableRepeatLookup } from '../enquiries/repeats.ts'
import { createEnquiryStore } from '../enquiries/store.ts'
import type { FunctionDependencies } from '../lambda-dependencies.ts'
import { errorName, jsonLogger } from '../log.ts'
import { createPacer } from '../notification-retry/pacer.ts'
import { sendNewEnquiry } from './send-new.ts'

/**
 * Sends per second, at most: the share of SES's 14 a second the contact function used to take
 * (the API's throttle, 5 a second), beside the retry's 8.
 */
export const SENDER_SENDS_PER_SECOND = 5

/** Its metrics are flushed at the end of every batch. */
export type SenderHandlerDependencies = FunctionDependencies

/**
 * The function the table's stream starts (filtered to new pending enquiries): e-mails each one.
 * A record whose enquiry could not be read or claimed is reported as a batch item failure, so
 * Lambda retries from it and, past its retries, hands it to the on-failure destination (ops
 * hear); the scheduled retry sends that enquiry meanwhile. A batch is over within the time one
 * enquiry takes at most (HOLDER_RUNS_AT_MOST_MS, send-pending.ts) after its last paced start.
 */
export function createSenderHandler(deps: SenderHandlerDependencies) {
  const log = deps.log ?? jsonLogger
  const sender = {
    ses: deps.clients.ses,
    store: createEnquiryStore(deps.clients.documentClient, deps.config.enquiriesTable),
    repeats: tableRepeatLookup(deps.clients.documentClient, deps.config.enquiriesTable),
    addresses: deps.config,
    sentBy: 'sender' as const,
    log,
    metrics: deps.metrics,
    now: deps.now ?? (() => new Date()),
  }
  return async (event: DynamoDBStreamEvent, context?: Context): Promise<DynamoDBBatchResponse> => {
    // Every line this invocation logs carries its request id (Powertools' own `addContext`:
    // there is no Middy chain here for `injectLambdaContext`).
    if (context) log.powertools?.addContext(context)
    const pacer = createPacer(SENDER_SENDS_PER_SECOND)
    // What a claim may count on: Lambda's remaining time, less a moment to answer the batch.
    const remainingMs = context && (() => context.getRemainingTimeInMillis() - 1_000)
    // Every record of the batch at once, their starts paced: SES may take seconds to answer one
    // (a late answer is an answer), and the others need not wait behind it.
    const failed = await Promise.all(
      event.Records.map(async (record) => {
        const id = record.dynamodb?.Keys?.id?.S
        if (!id) return false
        try {
          await pacer.wait()
          await sendNewEnquiry(sender, id, remainingMs)
          return false
        } catch (error) {
          log({
            level: 'error',
            event: 'enquiry_sender_failed',
            enquiryId: id,
            errorName: errorName(error),
          })
          return true
        }
      }),
    ).finally(() => sender.metrics?.publishStoredMetrics())
    // Lambda retries from the first failure on: the rest of the batch goes with it (its
    // enquiries already sent are read back as sent, and send nothing).
    const first = failed.indexOf(true)
    const batchItemFailures = (first < 0 ? [] : event.Records.slice(first)).map((record) => ({
      itemIdentifier: record.dynamodb?.SequenceNumber ?? record.dynamodb?.Keys?.id?.S ?? '',
    }))
    return { batchItemFailures }
  }
}
