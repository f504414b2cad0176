import { createdDayOf, enquiryTable } from '#shared/enquiry-table.ts'
import { type EnquiryTableRef, readEnquiries } from './attention.ts'
import type { Enquiry } from './item.ts'
import { queryItems } from './query.ts'

/**
 * The enquiries that came between two moments, through the `by-day` index (one query per UTC
 * day, keys only, never a scan), then their own items with only `fields`, oldest first: the
 * reminder reads the last week's this way every 15 minutes, the weekly summary a week's.
 */
export async function enquiriesCreatedBetween<Field extends keyof Enquiry>(
  table: EnquiryTableRef,
  from: Date,
  to: Date,
  fields: readonly Field[],
  now: Date,
  signal?: AbortSignal,
) {
  const index = enquiryTable.dayIndex
  const ids: string[] = []
  for (let day = Date.parse(createdDayOf(from)); day <= to.getTime(); day += 86_400_000) {
    const items = queryItems(
      table.client,
      {
        TableName: table.tableName,
        IndexName: index.name,
        KeyConditionExpression: '#day = :day AND #createdAt BETWEEN :from AND :to',
        ExpressionAttributeNames: { '#day': index.partitionKey, '#createdAt': index.sortKey },
        ExpressionAttributeValues: {
          ':day': createdDayOf(new Date(day)),
          ':from': from.toISOString(),
          ':to': to.toISOString(),
        },
      },
      signal,
    )
    for await (const item of items) ids.push(String(item[enquiryTable.partitionKey]))
  }
  return readEnquiries(table, ids, fields, now, signal)
}
