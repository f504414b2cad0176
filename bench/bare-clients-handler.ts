/**
 * The floor the functions' cold start is measured against (bench/cold-start.ts): a handler that
 * only builds the DynamoDB and SES clients, bundled exactly as the functions are.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb'
import { SESClient } from '@aws-sdk/client-ses'

const dynamoDb = new DynamoDBClient({})
const ses = new SESClient({})

export const handler = async () => ({ statusCode: 200, body: String(Boolean(dynamoDb && ses)) })
