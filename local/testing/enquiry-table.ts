import { DynamoDBClient } from '@aws-sdk/client-dynamodb'
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb'
import { afterAll, beforeAll } from 'vitest'
import { ensureEnquiryTable, type RunningEmulator, startDynalite } from '../emulators.ts'
import { localCredentials } from '../pipeline.ts'

/** A dynalite holding the enquiries table as the local stack creates it. */
export interface EnquiryTable {
  /** The emulator's endpoint (after the file's `beforeAll`). */
  readonly url: string
  /** A document client on it (after the file's `beforeAll`). */
  readonly client: DynamoDBDocumentClient
}

/**
 * Starts a dynalite with the enquiries table `tableName` before the file's tests and closes it
 * after them. Read `url` and `client` inside tests and hooks, not at the file's top level.
 */
export function enquiryTable(tableName: string): EnquiryTable {
  let dynamo: RunningEmulator | undefined
  let client: DynamoDBDocumentClient | undefined
  beforeAll(async () => {
    dynamo = await startDynalite({})
    const raw = new DynamoDBClient({
      region: 'eu-west-2',
      endpoint: dynamo.url,
      credentials: localCredentials,
    })
    await ensureEnquiryTable(raw, tableName)
    client = DynamoDBDocumentClient.from(raw)
  })
  afterAll(async () => {
    client?.destroy()
    await dynamo?.close()
  })
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the enquiries table is not started yet')
    return value
  }
  return {
    get url() {
      return started(dynamo).url
    },
    get client() {
      return started(client)
    },
  }
}
