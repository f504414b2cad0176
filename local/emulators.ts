import { once } from 'node:events'
import type { IncomingHttpHeaders, IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  type AttributeValue,
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  PutItemCommand,
  ResourceNotFoundException,
  ScanCommand,
  waitUntilTableExists,
  waitUntilTableNotExists,
} from '@aws-sdk/client-dynamodb'
import sesLocal from 'aws-ses-v2-local'
import dynalite from 'dynalite'
import { type EnquiryIndex, enquiryIndexes, enquiryTable } from '#shared/enquiry-table.ts'

export interface RunningEmulator {
  readonly url: string
  /**
   * Calls `listener` with each request `picks` chooses (by its headers) once its answer is
   * complete, whether or not the client was still there to read it: what the service did, as
   * AWS's own records of it (a table's stream, SES's events) know it.
   */
  observe(
    picks: (headers: IncomingHttpHeaders) => boolean,
    listener: (exchange: Exchange) => void,
  ): void
  close(): Promise<void>
}

/** One request an emulator answered: its headers and body, and the answer's status and body. */
export interface Exchange {
  readonly headers: IncomingHttpHeaders
  readonly body: string
  readonly status: number
  readonly answer: string
}

interface Observer {
  readonly picks: (headers: IncomingHttpHeaders) => boolean
  readonly listener: (exchange: Exchange) => void
}

/** Makes `server` report the exchanges its observers pick (none: nothing is read twice). */
function observed(server: Server) {
  const observers: Observer[] = []
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const watching = observers.filter((observer) => observer.picks(req.headers))
    if (watching.length === 0) return
    const body: Buffer[] = []
    const answer: Buffer[] = []
    req.on('data', (chunk: Buffer) => body.push(chunk))
    const keep = (chunk: unknown) => {
      if (typeof chunk === 'string' || chunk instanceof Uint8Array) answer.push(Buffer.from(chunk))
    }
    const write = res.write.bind(res) as (...args: unknown[]) => boolean
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk)
      return write(chunk, ...rest)
    }) as typeof res.write
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (typeof chunk !== 'function') keep(chunk)
      return end(chunk, ...rest)
    }) as typeof res.end
    res.on('finish', () => {
      const exchange = {
        headers: req.headers,
        body: Buffer.concat(body).toString('utf8'),
        status: res.statusCode,
        answer: Buffer.concat(answer).toString('utf8'),
      }
      for (const { listener } of watching) listener(exchange)
    })
  })
  return (picks: Observer['picks'], listener: Observer['listener']) => {
    observers.push({ picks, listener })
  }
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
  return { url: urlOf(server), observe: observed(server), close: () => closeServer(server) }
}

/**
 * SES, emulated by aws-ses-v2-local: accepts `SendEmail` and shows every captured e-mail on its
 * web page (`/`), or as JSON at `/store`. Its mailbox lives in memory, shared by every emulator
 * in the process.
 */
export async function startSesEmulator(options: { port?: number }): Promise<RunningEmulator> {
  const server = await sesServer({ host, port: options.port ?? 0 })
  return { url: urlOf(server), observe: observed(server), close: () => closeServer(server) }
}

/**
 * Creates the enquiries table with every index, as the CDK construct declares it, if missing. A
 * local table kept from an earlier version that lacks an index is rebuilt with its items (dynalite
 * cannot add an index to an existing table; a deployed table gets new indexes from CloudFormation).
 */
export async function ensureEnquiryTable(client: DynamoDBClient, tableName: string): Promise<void> {
  const existing = await describeTable(client, tableName)
  const present = new Set(existing?.GlobalSecondaryIndexes?.map((index) => index.IndexName))
  if (existing && enquiryIndexes.every((index) => present.has(index.name))) return
  const items = existing ? await allItems(client, tableName) : []
  if (existing) {
    await client.send(new DeleteTableCommand({ TableName: tableName }))
    await waitUntilTableNotExists(
      { client, maxWaitTime: 30, minDelay: 1 },
      { TableName: tableName },
    )
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
  for (const item of items)
    await client.send(new PutItemCommand({ TableName: tableName, Item: item }))
}

/** Every item of a local table (a scan: only ever run against the local emulator's own data). */
async function allItems(client: DynamoDBClient, tableName: string) {
  const items: Record<string, AttributeValue>[] = []
  let startKey: Record<string, AttributeValue> | undefined
  do {
    const page = await client.send(
      new ScanCommand({ TableName: tableName, ExclusiveStartKey: startKey }),
    )
    items.push(...(page.Items ?? []))
    startKey = page.LastEvaluatedKey
  } while (startKey)
  return items
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
