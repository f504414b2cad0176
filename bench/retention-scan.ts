/**
 * `node bench/retention-scan.ts [ITEMS]`: the live retention check's scan of a table of ITEMS
 * (1,000,000 by default) through a mocked DynamoDB that makes each page on the fly: how long the
 * counting takes and how much memory it holds, so a million items stay a matter of pages, not
 * of memory. DynamoDB's own time per page (tens of ms, 1 MB) comes on top in an account.
 */
import { DynamoDBClient, ScanCommand } from '@aws-sdk/client-dynamodb'
import { mockClient } from 'aws-sdk-client-mock'
import { callsWithin, liveAws } from '#functions/retention-audit/live/calls.ts'
import { auditStoredData } from '#functions/retention-audit/live/stored-data.ts'
import { retentionPolicy } from '#functions/retention-audit/policy.ts'

const total = Number(process.argv[2] ?? 1_000_000)
const segments = 4
const pageSize = 1_000
const now = new Date()
const created = new Date(now.getTime() - 30 * 86_400_000)
const expires = new Date(created)
expires.setUTCFullYear(expires.getUTCFullYear() + 3)
const item = {
  createdAt: { S: created.toISOString() },
  expiresAt: { N: String(Math.floor(expires.getTime() / 1000)) },
}
const page = Array.from({ length: pageSize }, () => item)
const dynamodb = mockClient(DynamoDBClient)
let peak = 0
dynamodb.on(ScanCommand).callsFake(async ({ ExclusiveStartKey }) => {
  peak = Math.max(peak, process.memoryUsage().heapUsed)
  const at = Number(ExclusiveStartKey?.at?.N ?? 0) + pageSize
  return {
    Items: page,
    ...(at < total / segments && { LastEvaluatedKey: { at: { N: String(at) } } }),
  }
})
const aws = liveAws(callsWithin(600_000))
const started = performance.now()
const before = process.memoryUsage().heapUsed
const { figures } = await auditStoredData(
  aws,
  { name: 'enquiries', region: 'eu-west-2', key: 'bench' },
  retentionPolicy,
  now,
  { segments, ttlMetric: false },
)
aws.close()
dynamodb.restore()
console.log(
  `Scanned ${figures.read.toLocaleString('en-GB')} items' timestamps in ${Math.round(performance.now() - started)} ms (${segments} segments, ${pageSize} items a page), heap at most ${Math.round(peak / 1e6)} MB (${Math.round(before / 1e6)} MB before); complete: ${figures.complete}`,
)
