import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
} from '@aws-sdk/client-dynamodb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { enquiryIndexes } from '#shared/enquiry-table.ts'
import { ensureEnquiryTable, type RunningEmulator, startDynalite } from './emulators.ts'

let dynamoDb: RunningEmulator
let client: DynamoDBClient

beforeAll(async () => {
  dynamoDb = await startDynalite({})
  client = new DynamoDBClient({
    endpoint: dynamoDb.url,
    region: 'eu-west-2',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  })
})

afterAll(async () => {
  client.destroy()
  await dynamoDb.close()
})

const indexNames = async (tableName: string) =>
  (
    await client.send(new DescribeTableCommand({ TableName: tableName }))
  ).Table?.GlobalSecondaryIndexes?.map((index) => index.IndexName).sort()

describe('ensureEnquiryTable', () => {
  it('creates the table with every index the deployed table has', async () => {
    await ensureEnquiryTable(client, 'fresh-table')
    expect(await indexNames('fresh-table')).toEqual(
      enquiryIndexes.map((index) => index.name).sort(),
    )
  })

  it('rebuilds a table kept from an earlier version with the indexes it lacks, keeping its enquiries', async () => {
    await client.send(
      new CreateTableCommand({
        TableName: 'older-table',
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
        KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
      }),
    )
    await client.send(
      new PutItemCommand({
        TableName: 'older-table',
        Item: { id: { S: 'kept-enquiry' }, message: { S: 'Still here after the upgrade' } },
      }),
    )
    await ensureEnquiryTable(client, 'older-table')
    expect(await indexNames('older-table')).toEqual(
      enquiryIndexes.map((index) => index.name).sort(),
    )
    const kept = await client.send(
      new GetItemCommand({ TableName: 'older-table', Key: { id: { S: 'kept-enquiry' } } }),
    )
    expect(kept.Item?.message?.S).toBe('Still here after the upgrade')
  })
})
