import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PutCommand } from '@aws-sdk/lib-dynamodb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildEnquiry } from '#functions/enquiries/item.ts'
import { validSubmission } from '#functions/test-fixtures/test-support.ts'
import { type FaultProxy, startFaultProxy } from '#local/fault-proxy.ts'
import { recordingDynalite } from '#local/testing/recording-dynalite.ts'
import { type DsarIo, runDsar } from './dsar-cli.ts'

/**
 * An erasure the table stops answering part-way through: 22 enquiries of one address, a DynamoDB
 * that hangs after its fourth request (a socket that accepts and never answers). What was deleted
 * must be on record, with what is left and how to finish; and a repeated flag must never pick one
 * of two addresses silently.
 */
const tableName = 'enquiries-dsar-stopped'
const email = 'grace@example.co.uk'
const db = recordingDynalite()
let proxy: FaultProxy
let dir: string

beforeAll(async () => {
  await db.createEnquiryTable(tableName)
  proxy = await startFaultProxy(db.endpoint)
  dir = mkdtempSync(join(tmpdir(), 'dsar-stopped-'))
  for (let index = 0; index < 22; index++) {
    const enquiry = buildEnquiry(
      { ...validSubmission, email },
      `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      new Date(Date.UTC(2026, 0, 1 + index)),
    )
    await db.client.send(new PutCommand({ TableName: tableName, Item: enquiry }))
  }
})
afterAll(async () => {
  await proxy.close()
  rmSync(dir, { recursive: true, force: true })
})

async function dsar(args: string[]) {
  const err: string[] = []
  const io: DsarIo = {
    out: () => {},
    err: (text) => err.push(text),
    isTTY: false,
    ask: async () => '',
    now: () => new Date('2026-11-21T12:00:00.000Z'),
    env: { DSAR_OPERATOR: 'ops-tester' },
  }
  const code = await runDsar(args, io)
  return { code, err }
}

describe('an erasure that stops part-way', () => {
  it('records what it deleted and what is left, and says how to finish', async () => {
    db.operations.length = 0
    // The fourth request answered, the table hangs: the fifth and after are swallowed.
    const push = db.operations.push.bind(db.operations)
    db.operations.push = (...items: string[]) => {
      const count = push(...items)
      if (count === 4) proxy.hang()
      return count
    }
    const log = join(dir, 'audit.log')
    /** The same erasure each time, through the proxy, recorded in the one audit log. */
    const erase = (...flags: string[]) =>
      dsar([
        'erase',
        '--email',
        email,
        '--yes',
        '--table',
        tableName,
        '--endpoint',
        proxy.url,
        '--audit-log',
        log,
        ...flags,
      ])
    const started = performance.now()
    const { code, err } = await erase('--timeout', '3')
    const ms = performance.now() - started
    // Back to the array's own push.
    Reflect.deleteProperty(db.operations, 'push')
    const deleted = db.operations.filter((operation) => operation === 'DeleteItem').length
    expect(deleted).toBeGreaterThan(0)
    expect(code).toBe(1)
    expect(ms).toBeLessThan(8_000)
    const [line] = readFileSync(log, 'utf8')
      .trimEnd()
      .split('\n')
      .map((text) => JSON.parse(text))
    expect(line).toMatchObject({
      event: 'dsar_erase',
      found: 22,
      erased: deleted,
      remaining: 22 - deleted,
      complete: false,
      confirmed: true,
    })
    expect(JSON.stringify(line)).not.toContain(email)
    expect(err.join('\n')).toMatch(
      new RegExp(
        `Erasure stopped part-way: ${deleted} enquir(y|ies) deleted, ${22 - deleted} enquiries of 22 not confirmed deleted\\. To finish, run the same erase again`,
      ),
    )

    // And running it again finishes: what is left is found and deleted.
    proxy.up()
    const again = await erase()
    expect(again.code).toBe(0)
    const last = JSON.parse(readFileSync(log, 'utf8').trimEnd().split('\n').at(-1) as string)
    expect(last).toMatchObject({ found: 22 - deleted, erased: 22 - deleted })
    expect(last.complete).toBeUndefined()
  }, 30_000)

  it.each([
    [['--email', email, '--email', 'other@example.co.uk'], '--email given more than once'],
    [['--email', email, '--table', tableName, '--table', 'other'], '--table given more than once'],
    [
      ['--email', email, '--audit-log', 'a.log', '--audit-log', 'b.log'],
      '--audit-log given more than once',
    ],
  ])('refuses a repeated flag (%j), touching nothing', async (args, says) => {
    db.operations.length = 0
    const { code, err } = await dsar(['erase', '--yes', '--endpoint', db.endpoint, ...args])
    expect(code).toBe(2)
    expect(err.join('\n')).toContain(says)
    expect(db.operations).toEqual([])
  })
})
