import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb'
import { SESClient } from '@aws-sdk/client-ses'
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb'
import type { FunctionConfig } from './config.ts'

export interface AwsClients {
  readonly documentClient: DynamoDBDocumentClient
  readonly ses: SESClient
}

/** Settings every client shares; `credentials` is only ever given by an emulated stack. */
export type ClientOverrides = Pick<DynamoDBClientConfig, 'credentials'>

/**
 * A visitor waits on these calls behind API Gateway's 30 s limit: fail within a few seconds
 * (and answer 503, or leave the e-mail to the retry) rather than hang. Worst case, three
 * attempts at DynamoDB and three at SES stay inside the contact function's 20 s timeout.
 */
const requestHandler = { connectionTimeout: 1_000, requestTimeout: 2_500 }
const maxAttempts = 3

export function createAwsClients(
  config: FunctionConfig,
  overrides: ClientOverrides = {},
): AwsClients {
  const dynamoDb = new DynamoDBClient({
    region: config.region,
    maxAttempts,
    requestHandler,
    ...(config.dynamoDbEndpoint ? { endpoint: config.dynamoDbEndpoint } : {}),
    ...overrides,
  })
  const documentClient = DynamoDBDocumentClient.from(dynamoDb, {
    marshallOptions: { removeUndefinedValues: true },
  })
  const ses = new SESClient({
    region: config.region,
    maxAttempts,
    requestHandler,
    ...(config.sesEndpoint ? { endpoint: config.sesEndpoint } : {}),
    ...overrides,
  })
  return { documentClient, ses }
}
