import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb'
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb'
import dynalite from 'dynalite'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildEnquiry } from '#functions/enquiries/item.ts'
import { validSubmission } from '#functions/test-fixtures/test-support.ts'
import { ensureEnquiryTable, startDynalite } from '#local/emulators.ts'
import { localCredentials, localTableName } from '#local/pipeline.ts'
import { type DsarIo, runDsar } from './dsar-cli.ts'
import { connect } from './table-target.ts'

/**
 * Which table a request works on when none is named (table-target.ts): the running local
 * stack's, or its data folder opened here when the stack is not running; and a clear refusal
 * when the folder is held by a stack that answers on another port.
 */
const now = new Date('2026-11-21T12:00:00.000Z')
/** A running local stack's DynamoDB. */
let server: Server
let endpoint: string

beforeAll(async () => {
  server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server?.closeAllConnections()
  await new Promise((resolve) => server?.close(resolve))
})

interface Run {
  code: number
  out: string
  err: string[]
}

describe('the local stack by default', () => {
  const io = (run: Run, env: Record<string, string>, localDataDir?: string): DsarIo => ({
    out: (text) => {
      run.out += text
    },
    err: (text) => run.err.push(text),
    isTTY: false,
    ask: async () => '',
    now: () => now,
    env,
    ...(localDataDir && { localDataDir }),
  })
  const blank = (): Run => ({ code: -1, out: '', err: [] })

  it('reads the table npm start serves, on its DynamoDB port', async () => {
    const raw = new DynamoDBClient({ region: 'eu-west-2', endpoint, credentials: localCredentials })
    await ensureEnquiryTable(raw, localTableName)
    const enquiry = buildEnquiry(validSubmission, '00000000-0000-4000-8000-0000000000aa', now)
    await DynamoDBDocumentClient.from(raw).send(
      new PutCommand({ TableName: localTableName, Item: enquiry }),
    )
    raw.destroy()
    const run = blank()
    const port = new URL(endpoint).port
    run.code = await runDsar(
      ['export', '--email', validSubmission.email],
      io(run, { DYNAMODB_PORT: port }),
    )
    expect(run.code, run.err.join('\n')).toBe(0)
    expect(JSON.parse(run.out).enquiries.map((item: { id: string }) => item.id)).toEqual([
      enquiry.id,
    ])
  })

  it('opens the local data folder itself when the stack is not running', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'dsar-local-'))
    try {
      const local = await startDynalite({ path: dataDir })
      const raw = new DynamoDBClient({
        region: 'eu-west-2',
        endpoint: local.url,
        credentials: localCredentials,
      })
      await ensureEnquiryTable(raw, localTableName)
      const enquiry = buildEnquiry(validSubmission, '00000000-0000-4000-8000-0000000000bb', now)
      await DynamoDBDocumentClient.from(raw).send(
        new PutCommand({ TableName: localTableName, Item: enquiry }),
      )
      raw.destroy()
      const deadPort = new URL(local.url).port
      await local.close()

      const run = blank()
      run.code = await runDsar(
        ['erase', '--email', validSubmission.email, '--yes'],
        io(run, { DYNAMODB_PORT: deadPort }, dataDir),
      )
      expect(run.code, run.err.join('\n')).toBe(0)
      expect(run.err).toContain('Erased 1 enquiry.')
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

describe('a wrong DYNAMODB_PORT while the local stack runs', () => {
  it('says it cannot reach the table and exits 1, leaving the running stack’s folder alone', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'dsar-locked-'))
    // The running stack: its dynalite holds the data folder.
    const running = await startDynalite({ path: dataDir })
    const raw = new DynamoDBClient({
      region: 'eu-west-2',
      endpoint: running.url,
      credentials: localCredentials,
    })
    try {
      await ensureEnquiryTable(raw, localTableName)
      const idle = dynalite()
      idle.listen(0, '127.0.0.1')
      await once(idle, 'listening')
      const wrongPort = String((idle.address() as AddressInfo).port)
      await new Promise((resolve) => idle.close(resolve))

      const err: string[] = []
      const code = await runDsar(['export', '--email', validSubmission.email], {
        out: () => {},
        err: (text) => err.push(text),
        isTTY: false,
        ask: async () => '',
        now: () => now,
        env: { DYNAMODB_PORT: wrongPort },
        localDataDir: dataDir,
      })
      expect(code).toBe(1)
      expect(err.join('\n')).toMatch(/^Could not reach the enquiries table: nothing answers on /)
      expect(err.join('\n')).toMatch(/Set DYNAMODB_PORT/)
      expect(err.join('\n')).not.toMatch(/Database is closed/)
      // The running stack still serves its table.
      await expect(
        raw.send(new DescribeTableCommand({ TableName: localTableName })),
      ).resolves.toBeDefined()
    } finally {
      raw.destroy()
      await running.close()
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

describe('a table target once the command has stopped', () => {
  it('sends nothing more: a late call (an SDK retry among them) fails before any request', async () => {
    const requests: string[] = []
    const count = (req: { headers: Record<string, unknown> }) =>
      requests.push(String(req.headers['x-amz-target']))
    server.on('request', count)
    vi.stubEnv('AWS_ACCESS_KEY_ID', localCredentials.accessKeyId)
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', localCredentials.secretAccessKey)
    try {
      const target = await connect({ table: 'enquiries', endpoint }, {}, () =>
        Promise.reject(new Error('a named table is never the local one')),
      )
      await target.close()
      await expect(
        target.client.send(new GetCommand({ TableName: 'enquiries', Key: { id: 'x' } })),
      ).rejects.toMatchObject({ name: 'CommandStopped' })
      expect(requests).toEqual([])
    } finally {
      server.off('request', count)
      vi.unstubAllEnvs()
    }
  })
})
