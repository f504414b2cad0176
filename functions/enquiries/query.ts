import {
  type DynamoDBDocumentClient,
  QueryCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb'
import { enquiryTable, normaliseEmail } from '#shared/enquiry-table.ts'

/**
 * The items of a query, page after page: DynamoDB answers at most 1 MB a call and says where to
 * go on with LastEvaluatedKey. Stopping the loop early stops the reads; `signal` ends whichever
 * page is being read when it fires (a dripping answer included, which no SDK timeout ends).
 */
export async function* queryItems(
  client: DynamoDBDocumentClient,
  input: Omit<QueryCommandInput, 'ExclusiveStartKey'>,
  signal?: AbortSignal,
): AsyncGenerator<Record<string, unknown>> {
  let startKey: Record<string, unknown> | undefined
  do {
    const page = await client.send(new QueryCommand({ ...input, ExclusiveStartKey: startKey }), {
      abortSignal: signal,
    })
    yield* page.Items ?? []
    startKey = page.LastEvaluatedKey
  } while (startKey)
}

/**
 * Every stored enquiry of one address, whatever its case or surrounding spaces, oldest first:
 * through the `by-email` index (which holds every attribute), never a scan.
 */
export async function queryByEmail(
  client: DynamoDBDocumentClient,
  tableName: string,
  email: string,
): Promise<Record<string, unknown>[]> {
  const index = enquiryTable.emailIndex
  const items: Record<string, unknown>[] = []
  for await (const item of queryItems(client, {
    TableName: tableName,
    IndexName: index.name,
    KeyConditionExpression: '#email = :email',
    ExpressionAttributeNames: { '#email': index.partitionKey },
    ExpressionAttributeValues: { ':email': normaliseEmail(email) },
  })) {
    items.push(item)
  }
  return items
}
