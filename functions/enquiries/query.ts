import {
  type DynamoDBDocumentClient,
  QueryCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb'

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
