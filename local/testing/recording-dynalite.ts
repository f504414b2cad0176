import { once } from 'node:events'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { DynamoDBClient } from '@aws-sdk/client-dynamodb'
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb'
import dynalite from 'dynalite'
import { afterAll, beforeAll, vi } from 'vitest'
import { ensureEnquiryTable } from '../emulators.ts'
import { localCredentials } from '../pipeline.ts'

/** An in-process dynalite that records what each request asked DynamoDB to do. */
export interface RecordingDynalite {
  /** Its endpoint (after the file's `beforeAll`). */
  readonly endpoint: string
  /** A document client on it (after the file's `beforeAll`). */
  readonly client: DynamoDBDocumentClient
  /** The DynamoDB operations each request made (the x-amz-target header); empty it at will. */
  readonly operations: string[]
  /** Creates the enquiries table `tableName` as the local stack does. */
  createEnquiryTable(tableName: string): Promise<void>
}

/**
 * Starts a dynalite (no table delays) before the file's tests, with the local credentials in the
 * environment as a deployed command finds its own in the SDK's usual chain, and closes it after.
 * An ops command's test points the command at `endpoint` and counts its `operations`.
 */
export function recordingDynalite(): RecordingDynalite {
  const operations: string[] = []
  let server: Server | undefined
  let endpoint: string | undefined
  let client: DynamoDBDocumentClient | undefined
  beforeAll(async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', localCredentials.accessKeyId)
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', localCredentials.secretAccessKey)
    const started = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 })
    server = started
    started.on('request', (req) => {
      operations.push(String(req.headers['x-amz-target']).split('.').pop() ?? '')
    })
    started.listen(0, '127.0.0.1')
    await once(started, 'listening')
    endpoint = `http://127.0.0.1:${(started.address() as AddressInfo).port}`
    client = DynamoDBDocumentClient.from(
      new DynamoDBClient({ region: 'eu-west-2', endpoint, credentials: localCredentials }),
    )
  })
  afterAll(async () => {
    vi.unstubAllEnvs()
    client?.destroy()
    server?.closeAllConnections()
    await new Promise((resolve) => server?.close(resolve))
  })
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the dynalite is not started yet')
    return value
  }
  return {
    operations,
    async createEnquiryTable(tableName) {
      const raw = new DynamoDBClient({
        region: 'eu-west-2',
        endpoint: started(endpoint),
        credentials: localCredentials,
      })
      await ensureEnquiryTable(raw, tableName)
      raw.destroy()
    },
    get endpoint() {
      return started(endpoint)
    },
    get client() {
      return started(client)
    },
  }
}
