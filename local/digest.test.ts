import { once } from 'node:events'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { PutCommand } from '@aws-sdk/lib-dynamodb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { linkKeyEnv } from '#functions/enquiries/action-links.ts'
import { buildEnquiry } from '#functions/enquiries/item.ts'
import { MAX_EMAIL_ATTEMPTS } from '#functions/enquiries/notify.ts'
import { validSubmission } from '#functions/test-fixtures/test-support.ts'
import { runEnquiries } from '#ops/enquiries-cli.ts'
import { enquiryRef } from '#shared/enquiry-table.ts'
import { type FaultStack, startFaultStack } from './fault-stack.ts'
import { readMailbox } from './mailbox.ts'
import { localStackEnv, runSaying } from './testing/ops-commands.ts'

/**
 * The digest end to end on the local stack, as staff and ops meet it: a held enquiry (a filled
 * honeypot, posted to the API) and one whose e-mail gave up (SES refusing every attempt) both
 * reach the mailbox in `npm run enquiries -- digest`, with links to the local site; once released
 * (through its link) or requeued, the next digest no longer lists them, and with nothing left
 * none is sent.
 */
let stack: FaultStack
let env: Record<string, string>

beforeAll(async () => {
  stack = await startFaultStack()
  // Where `npm run enquiries` finds the running local stack, whose site its links open, signed
  // with that stack's key.
  env = localStackEnv(stack, { url: stack.url, linkKey: stack.env[linkKeyEnv] as string })
})

afterAll(async () => {
  await stack?.close()
})

const enquiries = (args: string[]) => runSaying(runEnquiries, args, env)

async function digests() {
  return (await readMailbox(stack.mailboxUrl)).filter((email) =>
    / waiting for you: /.test(email.subject),
  )
}

/** A filled honeypot, posted as a bot would: held back as spam. */
async function heldEnquiry(): Promise<string> {
  const response = await fetch(`${stack.url}/api/contacts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...validSubmission, website: 'https://spam.example' }),
  })
  expect(response.status).toBe(201)
  return enquiryRef(((await response.json()) as { id: string }).id)
}

/** An enquiry on its last attempt, given up by the retry while SES refuses every send. */
async function givenUpEnquiry(): Promise<string> {
  const id = '0d9e5a1c-7b2f-4c3d-9e4f-5a6b7c8d9e0f'
  const createdAt = new Date(Date.now() - 3 * 3_600_000)
  await stack.table.send(
    new PutCommand({
      TableName: stack.config.enquiriesTable,
      Item: {
        ...buildEnquiry({ ...validSubmission, email: 'grace@example.co.uk' }, id, createdAt),
        emailAttempts: MAX_EMAIL_ATTEMPTS - 1,
        emailLastAttemptAt: createdAt.toISOString(),
      },
    }),
  )
  stack.ses.down('reject')
  try {
    const summary = await stack.runRetry()
    expect(summary.gaveUpCount).toBe(1)
  } finally {
    stack.ses.up()
  }
  return enquiryRef(id)
}

describe('npm run enquiries -- digest, on the local stack', () => {
  it('e-mails the held and the given-up enquiry to the mailbox, then each until it is sent on', async () => {
    const held = await heldEnquiry()
    const gaveUp = await givenUpEnquiry()

    const first = await enquiries(['digest'])
    expect(first.code, first.said).toBe(0)
    expect(first.said).toContain(
      'Sent the digest of 2 enquiries (1 not delivered, 1 held as spam) to hello@elevate-digital.example',
    )
    const [digest] = await digests()
    expect(digest?.subject).toBe(
      '2 enquiries are waiting for you: 1 not delivered, 1 held back as spam',
    )
    expect(digest?.destination.to).toEqual(['hello@elevate-digital.example'])
    expect(digest?.body.text).toContain(`${held}, received less than an hour ago`)
    expect(digest?.body.text).toContain(`${gaveUp}, received 3 hours ago`)
    const link = (words: string) =>
      new RegExp(
        `\n  ${words}: (http://127\\.0\\.0\\.1:${new URL(stack.url).port}/api/enquiry-actions\\?t=v1\\.local\\.[^\n]+)\n`,
      )
    expect(digest?.body.text).toMatch(link('Send it again'))
    expect(digest?.body.text).toMatch(link('Stop listing it'))
    expect(digest?.body.text).toMatch(link('It is spam: stop listing it'))
    const release = link('Send it to me').exec(digest?.body.text ?? '')?.[1] as string

    // Released, by following the digest's link to the local site and pressing its button: the
    // next digest lists only the other.
    expect(await (await fetch(release)).text()).toContain(`${held}</dd>`)
    const pressed = await fetch(`${stack.url}/api/enquiry-actions`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ t: new URL(release).searchParams.get('t') ?? '' }).toString(),
    })
    expect(await pressed.text()).toContain('It is on its way')
    expect((await enquiries(['digest'])).said).toContain('Sent the digest of 1 enquiry')
    const second = (await digests())[1]
    expect(second?.body.text).toContain(gaveUp)
    expect(second?.body.text).not.toContain(held)

    // Nothing left waiting: nothing sent.
    expect((await enquiries(['requeue', gaveUp])).code).toBe(0)
    const last = await enquiries(['digest'])
    expect(last).toEqual({
      code: 0,
      said: 'No digest sent: nothing new waits for the agency (0 waiting in all, each on the page of waiting enquiries).',
    })
    expect(await digests()).toHaveLength(2)
  }, 60_000)

  it('says the mailbox is not running, in one line, with exit 1', async () => {
    const closed = createServer().listen(0, '127.0.0.1')
    await once(closed, 'listening')
    const deadPort = String((closed.address() as AddressInfo).port)
    await new Promise((resolve) => closed.close(resolve))
    const saved = env
    env = { ...env, SES_PORT: deadPort }
    try {
      await heldEnquiry()
      const run = await enquiries(['digest'])
      expect(run.code).toBe(1)
      expect(run.said).toBe(
        `Could not send the digest: nothing answers at http://127.0.0.1:${deadPort}: start the local stack (npm start), or set SES_PORT to its mailbox's port`,
      )
    } finally {
      env = saved
    }
  })
})
