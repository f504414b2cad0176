import type { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb'
import { describe, expect, it } from 'vitest'
import { queryItems } from './query.ts'

/** A client whose query answers the given pages in turn, each pointing at the next. */
function pagedClient(pages: readonly (readonly { id: string }[])[]) {
  const startKeys: unknown[] = []
  const client = {
    async send(command: QueryCommand) {
      startKeys.push(command.input.ExclusiveStartKey)
      const index = startKeys.length - 1
      const more = index + 1 < pages.length
      return { Items: pages[index], LastEvaluatedKey: more ? { id: `after-${index}` } : undefined }
    },
  } as unknown as DynamoDBDocumentClient
  return { client, startKeys }
}

const input = { TableName: 'enquiries', KeyConditionExpression: 'id = :id' }

describe('queryItems', () => {
  it('follows LastEvaluatedKey until the last page', async () => {
    const { client, startKeys } = pagedClient([[{ id: 'a' }, { id: 'b' }], [], [{ id: 'c' }]])
    const ids: unknown[] = []
    for await (const item of queryItems(client, input)) ids.push(item.id)
    expect(ids).toEqual(['a', 'b', 'c'])
    expect(startKeys).toEqual([undefined, { id: 'after-0' }, { id: 'after-1' }])
  })

  it('reads no further page once the caller stops', async () => {
    const { client, startKeys } = pagedClient([[{ id: 'a' }, { id: 'b' }], [{ id: 'c' }]])
    for await (const item of queryItems(client, input)) if (item.id === 'b') break
    expect(startKeys).toHaveLength(1)
  })
})
