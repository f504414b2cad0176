import { once } from 'node:events'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  CreateTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  ResourceNotFoundException,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb'
import sesLocal from 'aws-ses-v2-local'
import dynalite from 'dynalite'
import { enquiryTable } from '../../shared/enquiry-table.ts'

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

/** Creates the enquiries table with both indexes, as the CDK construct declares it, if missing. */
export async function ensureEnquiryTable(client: DynamoDBClient, tableName: string): Promise<void> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }))
    return
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error
  }
  const { partitionKey, pendingEmailIndex, emailIndex } = enquiryTable
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [
        { AttributeName: partitionKey, AttributeType: 'S' },
        { AttributeName: pendingEmailIndex.partitionKey, AttributeType: 'S' },
        { AttributeName: pendingEmailIndex.sortKey, AttributeType: 'S' },
        { AttributeName: emailIndex.partitionKey, AttributeType: 'S' },
      ],
      KeySchema: [{ AttributeName: partitionKey, KeyType: 'HASH' }],
      GlobalSecondaryIndexes: [
        {
          IndexName: pendingEmailIndex.name,
          KeySchema: [
            { AttributeName: pendingEmailIndex.partitionKey, KeyType: 'HASH' },
            { AttributeName: pendingEmailIndex.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'KEYS_ONLY' },
        },
        {
          IndexName: emailIndex.name,
          KeySchema: [
            { AttributeName: emailIndex.partitionKey, KeyType: 'HASH' },
            { AttributeName: emailIndex.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
      ],
    }),
  )
  // dynalite's waiter needs a whole-second minimum delay.
  await waitUntilTableExists({ client, maxWaitTime: 30, minDelay: 1 }, { TableName: tableName })
}
