import { once } from 'node:events'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  CreateTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  ResourceNotFoundException,
  UpdateTableCommand,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb'
import sesLocal from 'aws-ses-v2-local'
import dynalite from 'dynalite'
import { type EnquiryIndex, enquiryIndexes, enquiryTable } from '../../shared/enquiry-table.ts'

export interface RunningEmulator {
  readonly url: string
  close(): Promise<void>
}

const host = '127.0.0.1'

// A CommonJS module with `exports.default`: Node's ESM import sees `module.exports` as default.
const sesServer = (sesLocal as unknown as { default?: typeof sesLocal }).default ?? sesLocal

function urlOf(server: Server): string {
  const { port } = server.address() as AddressInfo
  return `http://${host}:${port}`
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()))
    // Keep-alive sockets from SDK clients would hold the close open.
    server.closeAllConnections()
  })
}

/**
 * DynamoDB, emulated by dynalite: on disk under `path` (so data survives restarts), or in memory
 * without one. dynalite has no TTL: expiry is checked by whatever reads enquiries back.
 */
export async function startDynalite(options: {
  path?: string
  port?: number
}): Promise<RunningEmulator> {
  const server: Server = dynalite({
    ...(options.path ? { path: options.path } : {}),
    createTableMs: 0,
    deleteTableMs: 0,
    updateTableMs: 0,
  })
  server.listen(options.port ?? 0, host)
  await once(server, 'listening')
  return { url: urlOf(server), close: () => closeServer(server) }
}

/**
 * SES, emulated by aws-ses-v2-local: accepts `SendEmail` and shows every captured e-mail on its
 * web page (`/`), or as JSON at `/store`. Its mailbox lives in memory, shared by every emulator
 * in the process.
 */
export async function startSesEmulator(options: { port?: number }): Promise<RunningEmulator> {
  const server = await sesServer({ host, port: options.port ?? 0 })
  return { url: urlOf(server), close: () => closeServer(server) }
}

/**
 * Creates the enquiries table with every index, as the CDK construct declares it, if missing; a
 * table kept from an earlier version gains the indexes it lacks.
 */
export async function ensureEnquiryTable(client: DynamoDBClient, tableName: string): Promise<void> {
  const existing = await describeTable(client, tableName)
  if (existing) {
    const present = new Set(existing.GlobalSecondaryIndexes?.map((index) => index.IndexName))
    for (const index of enquiryIndexes.filter((index) => !present.has(index.name))) {
      await client.send(
        new UpdateTableCommand({
          TableName: tableName,
          AttributeDefinitions: attributeDefinitions([index]),
          GlobalSecondaryIndexUpdates: [{ Create: indexDefinition(index) }],
        }),
      )
      await waitUntilTableExists({ client, maxWaitTime: 30, minDelay: 1 }, { TableName: tableName })
    }
    return
  }
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [
        { AttributeName: enquiryTable.partitionKey, AttributeType: 'S' },
        ...attributeDefinitions(enquiryIndexes),
      ],
      KeySchema: [{ AttributeName: enquiryTable.partitionKey, KeyType: 'HASH' }],
      GlobalSecondaryIndexes: enquiryIndexes.map(indexDefinition),
    }),
  )
  // dynalite's waiter needs a whole-second minimum delay.
  await waitUntilTableExists({ client, maxWaitTime: 30, minDelay: 1 }, { TableName: tableName })
}

async function describeTable(client: DynamoDBClient, tableName: string) {
  try {
    return (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table
  } catch (error) {
    if (error instanceof ResourceNotFoundException) return undefined
    throw error
  }
}

function attributeDefinitions(indexes: readonly EnquiryIndex[]) {
  const names = new Set(
    indexes.flatMap((index) => [index.partitionKey, index.sortKey ?? []].flat()),
  )
  return [...names].map((name) => ({ AttributeName: name, AttributeType: 'S' as const }))
}

function indexDefinition(index: EnquiryIndex) {
  return {
    IndexName: index.name,
    KeySchema: [
      { AttributeName: index.partitionKey, KeyType: 'HASH' as const },
      ...(index.sortKey ? [{ AttributeName: index.sortKey, KeyType: 'RANGE' as const }] : []),
    ],
    Projection: { ProjectionType: index.projection },
  }
}
