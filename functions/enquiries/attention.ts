import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb'
import { type EnquiryIndex, enquiryTable } from '#shared/enquiry-table.ts'
import type { Enquiry } from './item.ts'
import { queryItems } from './query.ts'

/**
 * Reading the enquiries a person must look at: their ids from a keys-only index partition
 * (`needs-attention` by status, `pending-email`, `by-ref`), never a scan, then the items
 * themselves, with only the fields the reader needs. Shared by the digest to the agency and the
 * ops command (`npm run enquiries`).
 */

export interface EnquiryTableRef {
  readonly client: DynamoDBDocumentClient
  readonly tableName: string
}

/** Every id in one partition of a keys-only index. */
export async function idsInIndex(
  table: EnquiryTableRef,
  index: Pick<EnquiryIndex, 'name' | 'partitionKey'>,
  value: string,
  signal?: AbortSignal,
): Promise<string[]> {
  const ids: string[] = []
  const items = queryItems(
    table.client,
    {
      TableName: table.tableName,
      IndexName: index.name,
      KeyConditionExpression: '#key = :value',
      ExpressionAttributeNames: { '#key': index.partitionKey },
      ExpressionAttributeValues: { ':value': value },
    },
    signal,
  )
  for await (const item of items) ids.push(String(item[enquiryTable.partitionKey]))
  return ids
}

/**
 * The enquiries with these ids, read consistently (the indexes lag the table) 100 a request,
 * with only `fields` (and the id, creation and expiry), oldest first. Enquiries past their
 * retention are left out: they only wait for DynamoDB's TTL.
 */
export async function readEnquiries<Field extends keyof Enquiry>(
  table: EnquiryTableRef,
  ids: readonly string[],
  fields: readonly Field[],
  now: Date,
  signal?: AbortSignal,
): Promise<Pick<Enquiry, Field | 'id' | 'createdAt' | 'expiresAt'>[]> {
  const names = [...new Set<string>(['id', 'createdAt', enquiryTable.ttlAttribute, ...fields])]
  const projection = Object.fromEntries(names.map((name, index) => [`#f${index}`, name]))
  const found: Pick<Enquiry, Field | 'id' | 'createdAt' | 'expiresAt'>[] = []
  const unique = [...new Set(ids)]
  for (let start = 0; start < unique.length; start += 100) {
    let keys: Record<string, unknown>[] | undefined = unique
      .slice(start, start + 100)
      .map((id) => ({ [enquiryTable.partitionKey]: id }))
    while (keys && keys.length > 0) {
      const result: BatchGetCommandOutput = await table.client.send(
        new BatchGetCommand({
          RequestItems: {
            [table.tableName]: {
              Keys: keys,
              ConsistentRead: true,
              ProjectionExpression: Object.keys(projection).join(', '),
              ExpressionAttributeNames: projection,
            },
          },
        }),
        { abortSignal: signal },
      )
      for (const item of result.Responses?.[table.tableName] ?? []) {
        if (Number(item[enquiryTable.ttlAttribute]) * 1000 <= now.getTime()) continue
        found.push(item as Pick<Enquiry, Field | 'id' | 'createdAt' | 'expiresAt'>)
      }
      keys = result.UnprocessedKeys?.[table.tableName]?.Keys
    }
  }
  return found.sort((a, b) => a.createdAt.localeCompare(b.createdAt))
}

/** How long ago, in the largest whole unit that reads at a glance (`45s`, `12m`, `5h`, `3d`). */
export function formatAge(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000))
  if (seconds < 60) return `${seconds}s`
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m`
  if (seconds < 48 * 3600) return `${Math.floor(seconds / 3600)}h`
  return `${Math.floor(seconds / 86_400)}d`
}
