import type { IncomingHttpHeaders } from 'node:http'
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb'
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda'
import type { Logger } from '#functions/log.ts'
import { newPendingEnquiryFilter } from '#shared/enquiry-table.ts'
import type { RunningEmulator } from './emulators.ts'

/**
 * The local stand-in for the enquiries table's stream and its Lambda event source (dynalite has
 * no streams). Every put of the contact function that DynamoDB (dynalite) applied becomes an
 * INSERT record with its new image, whether or not its answer reached the function (a write cut
 * off on the client's side that landed all the same makes one, as in AWS); the event source's own
 * filter (`newPendingEnquiryFilter`, the pattern the CDK stack gives Lambda) picks new pending
 * enquiries; each record is handed to the sender at once, retried `retryAttempts` times while the
 * sender reports it failed, then given to the on-failure destination (here: counted, and logged
 * as the deployed DLQ alarm would page ops).
 *
 * How faithful: the same filter, batch shape, retries and partial-batch reporting. It differs in
 * that only the contact function's puts make records (the drills and tests seed the table with
 * their own writes, as an outage would have left it, and those start nothing), records are
 * handed over one by one as they come (no batching window), and there is no iterator age.
 */
export interface LocalStreamTrigger {
  /** Resolves once every record made so far has been handled (sent, retried, or discarded). */
  settled(): Promise<void>
  /** Makes every invocation of the sender fail, as a broken deploy or a missing permission does. */
  fail(failing: boolean): void
  /** Records handed to the on-failure destination so far. */
  readonly discarded: number
  /** Records handed to the sender so far. */
  readonly delivered: number
}

export type StreamHandler = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse>

/** The event source's retries of a failed record (the CDK stack's `retryAttempts`). */
export const LOCAL_STREAM_RETRY_ATTEMPTS = 2

/** The header the contact function's writes carry here, so the stand-in knows them at dynalite. */
const STREAM_SOURCE_HEADER = 'x-local-stream-source'

export function attachStreamTrigger(
  writes: {
    /** The contact function's client: its puts are the stream's records. */
    readonly client: DynamoDBDocumentClient
    /** DynamoDB's stand-in, where a put is seen once it was applied. */
    readonly dynamoDb: Pick<RunningEmulator, 'observe'>
  },
  tableName: string,
  handler: StreamHandler,
  log: Logger,
): LocalStreamTrigger {
  const inFlight = new Set<Promise<void>>()
  let failing = false
  let discarded = 0
  let delivered = 0
  let sequence = 0

  const invoke = async (record: DynamoDBRecord) => {
    delivered++
    for (let attempt = 0; attempt <= LOCAL_STREAM_RETRY_ATTEMPTS; attempt++) {
      try {
        if (failing) throw Object.assign(new Error('The sender failed'), { name: 'SenderFailed' })
        const result = await handler({ Records: [record] })
        if (result.batchItemFailures.length === 0) return
      } catch {
        // A failed invocation: Lambda retries the batch, as for a reported failure.
      }
    }
    discarded++
    log({
      level: 'error',
      event: 'enquiry_stream_record_discarded',
      enquiryId: record.dynamodb?.Keys?.id?.S,
    })
  }

  writes.client.middlewareStack.add(
    (next) => async (args) => {
      const request = args.request as { headers?: Record<string, string> }
      if (request.headers) request.headers[STREAM_SOURCE_HEADER] = 'contact'
      return next(args)
    },
    { step: 'build', name: 'localStreamSource' },
  )
  const contactPut = (headers: IncomingHttpHeaders) =>
    headers[STREAM_SOURCE_HEADER] === 'contact' &&
    String(headers['x-amz-target']).endsWith('.PutItem')
  writes.dynamoDb.observe(contactPut, (exchange) => {
    if (exchange.status !== 200) return
    const input = JSON.parse(exchange.body) as {
      TableName?: string
      Item?: Record<string, unknown>
    }
    if (input.TableName !== tableName || !input.Item) return
    const record = {
      eventName: 'INSERT',
      eventSource: 'aws:dynamodb',
      dynamodb: {
        Keys: { id: input.Item.id },
        NewImage: input.Item,
        SequenceNumber: String(++sequence),
      },
    } as DynamoDBRecord
    if (matches(newPendingEnquiryFilter, record)) {
      const running = invoke(record).finally(() => inFlight.delete(running))
      inFlight.add(running)
    }
  })

  return {
    async settled() {
      while (inFlight.size > 0) await Promise.all([...inFlight])
    },
    fail(value) {
      failing = value
    },
    get discarded() {
      return discarded
    },
    get delivered() {
      return delivered
    },
  }
}

/** Lambda's event filter, for the plain-value rules the stack uses: `{ field: [value, …] }`. */
function matches(pattern: unknown, value: unknown): boolean {
  if (Array.isArray(pattern)) return pattern.includes(value)
  if (typeof pattern !== 'object' || pattern === null) return false
  if (typeof value !== 'object' || value === null) return false
  return Object.entries(pattern).every(([key, inner]) =>
    matches(inner, (value as Record<string, unknown>)[key]),
  )
}
