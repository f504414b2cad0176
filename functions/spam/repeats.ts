import { createHash } from 'node:crypto'
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb'
import { enquiryTable, normaliseEmail } from '../../shared/enquiry-table.ts'
import { queryItems } from '../enquiries/query.ts'

/** How far back an identical message from another address counts against an enquiry. */
export const REPEAT_WINDOW_MS = 24 * 60 * 60 * 1000

/**
 * Messages shorter than this (once normalised) are not fingerprinted: two people may well both
 * write "Please call me back" on the same day.
 */
export const MIN_FINGERPRINTED_LENGTH = 30

/** Enough other senders to be sure; the query never reads more than this. */
const MAX_SENDERS_COUNTED = 10

/** The attributes an enquiry carries for the `by-message` index (absent for short messages). */
export interface MessageKeys {
  /** SHA-256 of the normalised message: the index's partition key. */
  readonly messageHash: string
  /** `createdAt#sender`, sender a short hash of the address: sorts by time, tells senders apart. */
  readonly messageSender: string
}

/** The message as a spammer's copies share it: case, spacing and punctuation do not count. */
export function normaliseMessage(message: string): string {
  return message
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

function senderOf(email: string): string {
  return createHash('sha256').update(normaliseEmail(email)).digest('base64url').slice(0, 16)
}

export function messageKeys(
  enquiry: { readonly message: string; readonly email: string },
  createdAt: Date,
): MessageKeys | undefined {
  const normalised = normaliseMessage(enquiry.message)
  if (normalised.length < MIN_FINGERPRINTED_LENGTH) return undefined
  return {
    messageHash: createHash('sha256').update(normalised).digest('base64url'),
    messageSender: `${createdAt.toISOString()}#${senderOf(enquiry.email)}`,
  }
}

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
