import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb'
import { enquiryTable } from '#shared/enquiry-table.ts'
import { type MessageKeys, REPEAT_WINDOW_MS } from '../spam/message-keys.ts'
import { queryItems } from './query.ts'

/** Enough other senders to be sure; the query never reads more than this. */
const MAX_SENDERS_COUNTED = 10

/** How many other addresses sent the same message within the window before `now`. */
export type RepeatLookup = (keys: MessageKeys, now: Date, signal?: AbortSignal) => Promise<number>

/**
 * Counts other senders of a message through the keys-only `by-message` index: one query on one
 * partition, bounded in items read, never a scan.
 */
export function tableRepeatLookup(client: DynamoDBDocumentClient, tableName: string): RepeatLookup {
  const index = enquiryTable.messageIndex
  return async (keys, now, signal) => {
    const mine = keys.messageSender.split('#')[1]
    const since = new Date(now.getTime() - REPEAT_WINDOW_MS).toISOString()
    const senders = new Set<string>()
    const items = queryItems(
      client,
      {
        TableName: tableName,
        IndexName: index.name,
        KeyConditionExpression: '#hash = :hash AND #sender >= :since',
        ExpressionAttributeNames: { '#hash': index.partitionKey, '#sender': index.sortKey },
        ExpressionAttributeValues: { ':hash': keys.messageHash, ':since': since },
        // Newest first: a burst in progress is what matters.
        ScanIndexForward: false,
        Limit: MAX_SENDERS_COUNTED * 2,
      },
      signal,
    )
    let read = 0
    for await (const item of items) {
      const sender = String(item[index.sortKey]).split('#')[1]
      if (sender && sender !== mine) senders.add(sender)
      if (senders.size >= MAX_SENDERS_COUNTED || ++read >= MAX_SENDERS_COUNTED * 2) break
    }
    return senders.size
  }
}
