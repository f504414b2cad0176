import { randomUUID } from 'node:crypto'
import { once } from 'node:events'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { canarySubmission } from '#functions/canary/check.ts'
import { createEnquiryStore } from '#functions/enquiries/store.ts'
import { signSyntheticMarker } from '#functions/enquiries/synthetic.ts'
import { waitingEnquiries } from '#functions/enquiries/waiting.ts'
import { silentLogger } from '#functions/log.ts'
import { runCanaryCommand } from '#ops/canary-cli.ts'
import { retentionExpiresAt } from '#shared/enquiry-table.ts'
import { sampleEnquiry } from '#shared/sample-enquiry.ts'
import { syntheticEnquiry } from '#shared/synthetic-enquiry.ts'
import { mailFor, readMailbox } from './mailbox.ts'
import { type LocalPipeline, startLocalPipeline } from './pipeline.ts'
import { type RunningServer, startLocalServer } from './server.ts'

/**
 * The canary against the local stack as `npm start` runs it (the local server, the contact
 * pipeline on dynalite and aws-ses-v2-local, its own synthetic key), through `npm run canary`'s
 * own entry point. A page stands in for the built site: the canary only needs a home page.
 */
const key = 'the-local-stacks-own-synthetic-key-for-this-test'
let stack: LocalPipeline
let server: RunningServer
let root: string

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'canary-site-'))
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><html lang="en"><title>Home</title></html>',
  )
  writeFileSync(
    join(root, '404.html'),
    '<!doctype html><html lang="en"><title>Not found</title></html>',
  )
  stack = await startLocalPipeline({ retryIntervalMs: false, log: silentLogger, syntheticKey: key })
  server = await startLocalServer({ root, port: 0, analytics: false, api: stack.handle })
})

afterAll(async () => {
  await server?.close()
  await stack?.close()
  if (root) rmSync(root, { recursive: true, force: true })
})

async function canary(args: string[], env: Record<string, string> = { SYNTHETIC_KEY: key }) {
  const out: string[] = []
  const err: string[] = []
  const code = await runCanaryCommand(
    [...args, '--endpoint', stack.dynamoDbUrl, '--within', '20'],
    {
      out: (text) => out.push(text),
      err: (text) => err.push(text),
      env,
      // Not the repository's .data/synthetic-key (npm start's): this stack has its own key.
      localKeyFile: join(root, 'no-synthetic-key'),
    },
  )
  return { code, out: out.join(''), err: err.join('\n') }
}

const readEnquiry = (id: string) =>
  createEnquiryStore(stack.table, stack.config.enquiriesTable).get(id)

function post(body: unknown, headers: Record<string, string>) {
  return fetch(`${server.url}/api/contacts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
}

describe('npm run canary against the local stack', () => {
  it('passes every step: the home page, the enquiry, stored as synthetic, delivered', async () => {
    const run = await canary([server.url])
    expect(run.err).toBe('')
    expect(run.code).toBe(0)
    const lines = run.out.trim().split('\n')
    expect(lines.map((line) => line.replace(/ \(\d+ ms\).*/, ''))).toEqual([
      'PASS    home page',
      'PASS    enquiry accepted',
      'PASS    stored as synthetic',
      'PASS    delivered',
      expect.stringMatching(
        /^PASS {2}canary against http:\/\/127\.0\.0\.1:\d+ \(table local enquiries\)$/,
      ),
    ])

    // What it left behind: one day of storage, one e-mail, to the simulator only, delivered.
    const id = /enquiry ([0-9a-f-]{36})/.exec(run.out)?.[1] as string
    const stored = await readEnquiry(id)
    expect(stored).toMatchObject({ synthetic: true, emailStatus: 'delivered' })
    const createdAt = Date.parse(stored?.createdAt as string)
    expect((stored?.expiresAt as number) - Math.floor(createdAt / 1000)).toBe(86_400)
    const mail = await mailFor(stack.mailboxUrl, id)
    expect(mail).toHaveLength(1)
    expect(mail[0]?.destination.to).toEqual(['success@simulator.amazonses.com'])
    const toAgency = (await readMailbox(stack.mailboxUrl)).filter((email) =>
      email.destination.to.includes(stack.config.agencyEmail),
    )
    expect(toAgency.map((email) => email.body.text)).not.toContainEqual(expect.stringContaining(id))
  }, 60_000)

  it('fails with a line per step when its key is not the stack’s: an ordinary enquiry', async () => {
    const run = await canary([server.url], { SYNTHETIC_KEY: 'not-the-local-key' })
    expect(run.code).toBe(1)
    expect(run.out).toMatch(/^PASS {4}home page/m)
    expect(run.out).toMatch(/^PASS {4}enquiry accepted/m)
    expect(run.out).toMatch(/^FAIL {4}stored as synthetic .*stored as an ordinary enquiry/m)
    expect(run.out).toMatch(/^SKIPPED delivered/m)
    expect(run.out).toMatch(/^FAIL {2}canary against/m)
  }, 60_000)

  it('fails at the first step when nothing answers at the URL', async () => {
    // A port that was free a moment ago: nothing listens there now.
    const closed = createServer().listen(0, '127.0.0.1')
    await once(closed, 'listening')
    const { port } = closed.address() as AddressInfo
    await new Promise((resolve) => closed.close(resolve))
    const run = await canary([`http://127.0.0.1:${port}`])
    expect(run.code).toBe(1)
    expect(run.out).toMatch(/^FAIL {4}home page .*ECONNREFUSED/m)
    expect(run.out.match(/^SKIPPED/gm)).toHaveLength(3)
  })

  it('is refused without a key or a URL, saying what to give', async () => {
    expect((await canary([server.url], {})).code).toBe(2)
    const noUrl = await canary([])
    expect(noUrl.code).toBe(2)
    expect(noUrl.err).toMatch(/Give the site's URL/)
  })
})

describe('synthetic enquiries in the local stack', () => {
  it('treats a forged marker from outside as an ordinary enquiry: three years, to the agency', async () => {
    const idempotencyKey = randomUUID()
    const email = `forger-${idempotencyKey.slice(0, 8)}@example.co.uk`
    const enquiry = { ...sampleEnquiry, email }
    const forged = [
      signSyntheticMarker(
        'a-key-the-forger-guessed',
        { idempotencyKey, body: JSON.stringify(enquiry) },
        new Date(),
      ),
      `v2.${Math.floor(Date.now() / 1000)}.${'A'.repeat(43)}`,
    ]
    // And the stage's own marker, signed for the canary's body, over another body.
    const otherKey = randomUUID()
    const canaryBody = JSON.stringify({ ...canarySubmission, email })
    forged.push(
      signSyntheticMarker(key, { idempotencyKey: otherKey, body: canaryBody }, new Date()),
    )
    for (const [index, marker] of forged.entries()) {
      const sentKey = [idempotencyKey, randomUUID(), otherKey][index] as string
      const response = await post(enquiry, {
        'idempotency-key': sentKey,
        [syntheticEnquiry.header]: marker,
      })
      expect(response.status).toBe(201)
      const { id } = (await response.json()) as { id: string }
      // The e-mail is the enquiry sender's, which the table's write starts.
      await stack.trigger.settled()
      const stored = await readEnquiry(id)
      expect(stored).not.toHaveProperty('synthetic')
      expect(stored?.expiresAt).toBe(retentionExpiresAt(new Date(stored?.createdAt as string)))
      const mail = await mailFor(stack.mailboxUrl, id)
      expect(mail.map((message) => message.destination.to)).toEqual([[stack.config.agencyEmail]])
      // Mail to a real inbox gets no simulated delivery: SES would report it, not the stack.
      expect(stored?.emailStatus).toBe('sent')
    }
  })

  it('never lists a synthetic enquiry in the digest, even one whose e-mail gave up', async () => {
    const sent: string[] = []
    for (const synthetic of [true, false]) {
      const idempotencyKey = randomUUID()
      const enquiry = { ...canarySubmission, email: `digest-${synthetic}@example.co.uk` }
      const body = JSON.stringify(enquiry)
      const response = await post(enquiry, {
        'idempotency-key': idempotencyKey,
        ...(synthetic && {
          [syntheticEnquiry.header]: signSyntheticMarker(key, { idempotencyKey, body }, new Date()),
        }),
      })
      const { id } = (await response.json()) as { id: string }
      sent.push(id)
      // Both as if every attempt had failed: the state that lists an enquiry for staff.
      await stack.table.send(
        new UpdateCommand({
          TableName: stack.config.enquiriesTable,
          Key: { id },
          UpdateExpression: 'SET emailStatus = :s, attention = :s REMOVE emailPending',
          ExpressionAttributeValues: { ':s': 'gave-up' },
        }),
      )
    }
    const [syntheticId, ordinaryId] = sent
    expect((await readEnquiry(syntheticId as string))?.synthetic).toBe(true)
    const listed = (
      await waitingEnquiries(
        { client: stack.table, tableName: stack.config.enquiriesTable },
        new Date(),
      )
    ).map((entry) => entry.id)
    expect(listed).toContain(ordinaryId)
    expect(listed).not.toContain(syntheticId)
  })
})
