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
 * Per-attempt deadlines. `requestTimeout` alone only logs a warning in the installed
 * `@smithy/node-http-handler`; `throwOnRequestTimeout` makes a hung endpoint (one that accepts
 * the connection and never answers) fail the attempt. The contact handler's overall budget
 * (`CONTACT_BUDGET_MS`) caps the attempts together through an abort signal.
 */
export const requestHandlerOptions = {
  connectionTimeout: 1_000,
  requestTimeout: 2_000,
  throwOnRequestTimeout: true,
} as const
const maxAttempts = 3

export function createAwsClients(
  config: FunctionConfig,
  overrides: ClientOverrides = {},
): AwsClients {
  const dynamoDb = new DynamoDBClient({
    region: config.region,
    maxAttempts,
    requestHandler: requestHandlerOptions,
    ...(config.dynamoDbEndpoint ? { endpoint: config.dynamoDbEndpoint } : {}),
    ...overrides,
  })
  const documentClient = DynamoDBDocumentClient.from(dynamoDb, {
    marshallOptions: { removeUndefinedValues: true },
  })
  const ses = new SESClient({
    region: config.region,
    maxAttempts,
    requestHandler: requestHandlerOptions,
    ...(config.sesEndpoint ? { endpoint: config.sesEndpoint } : {}),
    ...overrides,
  })
  return { documentClient, ses }
}
