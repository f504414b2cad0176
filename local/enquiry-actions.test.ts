import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { actionLinker, tokenParameter } from '#functions/enquiries/action-links.ts'
import { silentLogger } from '#functions/log.ts'
import { RETRY_AFTER_MS } from '#functions/notification-retry/retry.ts'
import { validSubmission } from '#functions/test-fixtures/test-support.ts'
import { contactApi } from '#shared/contact.ts'
import { enquiryIdOf, type MailboxEmail, readMailbox } from './mailbox.ts'
import { type LocalPipeline, startLocalPipeline } from './pipeline.ts'

/**
 * The digest's links against the local stack, as staff's mail client and browser use them
 * (without a browser: the page is plain HTML and its form a plain POST): a link's GET only
 * shows a page; the page's POST acts once; the retry then sends what was released.
 */
/** The retry sends an enquiry only once it is this old (the contact function tries first). */
const later = RETRY_AFTER_MS + 60_000
const key = 'local-test-key-'.padEnd(48, 'x')
let pipeline: LocalPipeline
let server: Server
let siteUrl: string

beforeAll(async () => {
  pipeline = await startLocalPipeline({
    retryIntervalMs: false,
    actionLinkKey: key,
    log: silentLogger,
  })
  server = createServer((req, res) => {
    pipeline.handle(req, res).catch(() => res.end())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  siteUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}, 60_000)

afterAll(async () => {
  server?.closeAllConnections()
  await new Promise((resolve) => server?.close(resolve))
  await pipeline?.close()
})

let sequence = 0
/** A new enquiry through the API: certain spam (the honeypot filled in) unless `genuine`. */
async function enquiry(genuine = false, fields: Partial<typeof validSubmission> = {}) {
  sequence++
  const response = await fetch(`${siteUrl}${contactApi.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      ...validSubmission,
      email: `sender${sequence}@example.co.uk`,
      ...fields,
      ...(genuine ? {} : { [contactApi.honeypotField]: 'https://spam.example' }),
    }),
  })
  expect(response.status).toBe(201)
  return ((await response.json()) as { id: string }).id
}

const read = async (id: string) =>
  (
    await pipeline.table.send(
      new GetCommand({ TableName: pipeline.config.enquiriesTable, Key: { id } }),
    )
  ).Item

const mailOf = async (id: string) =>
  (await readMailbox(pipeline.mailboxUrl)).filter((email) => enquiryIdOf(email) === id)

/** The newest digest in the mailbox. */
async function latestDigest(): Promise<MailboxEmail> {
  const digests = (await readMailbox(pipeline.mailboxUrl)).filter((email) =>
    email.subject.includes('waiting for you'),
  )
  const latest = digests.at(-1)
  if (!latest) throw new Error('no digest in the mailbox')
  return latest
}

/** The link under one enquiry's entry in a digest's text part, by its words. */
function linkIn(digest: MailboxEmail, id: string, words: string): string {
  const line = (digest.body.text ?? '')
    .split('\n')
    .find((candidate) => candidate.startsWith(`  ${words}: `) && candidate.includes(id))
  if (!line) throw new Error(`no "${words}" link for ${id}`)
  return line.slice(`  ${words}: `.length)
}

/** The next digest (with another enquiry waiting, so that one is sent) does not list `id`. */
async function expectNotListed(id: string) {
  const other = await enquiry()
  await pipeline.runDigest(siteUrl)
  const text = (await latestDigest()).body.text
  expect(text).toContain(other)
  expect(text).not.toContain(id)
}

const press = (link: string, headers: Record<string, string> = {}) =>
  fetch(`${siteUrl}/api/enquiry-actions`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({
      [tokenParameter]: new URL(link).searchParams.get(tokenParameter) ?? '',
    }).toString(),
  })

describe('the digest’s links on the local stack', () => {
  it('"Send it to me": the link shows the enquiry, the press releases it, the retry sends it once', async () => {
    const id = await enquiry(false, { company: 'Babbage & Co' })
    await pipeline.runDigest(siteUrl)
    const link = linkIn(await latestDigest(), id, 'Send it to me')
    expect(link.startsWith(`${siteUrl}/api/enquiry-actions?t=`)).toBe(true)

    // A scanner's GET, repeated: a page naming the enquiry, one button, nothing changed.
    for (let i = 0; i < 3; i++) {
      const page = await fetch(link)
      expect(page.status).toBe(200)
      const html = await page.text()
      expect(html).toContain((await read(id))?.ref)
      expect(html).toContain('Ada Lovelace')
      expect(html).toContain('Babbage &amp; Co')
      expect(html).toContain(validSubmission.message.split('\n')[0])
      expect(html.match(/<button/g)).toHaveLength(1)
      expect(html).toContain('<form method="post" action="/api/enquiry-actions">')
      expect(html).not.toContain('<script')
    }
    await pipeline.runRetry(later)
    expect(await read(id)).toMatchObject({ emailStatus: 'held', attention: 'held' })
    expect(await mailOf(id)).toHaveLength(0)

    const done = await press(link, { 'sec-fetch-site': 'same-origin' })
    expect(done.status).toBe(200)
    expect(await done.text()).toContain('It is on its way')
    expect(await read(id)).toMatchObject({
      emailStatus: 'pending',
      staffActions: [{ action: 'release', at: expect.any(String) }],
    })
    await pipeline.runRetry(later)
    const mail = await mailOf(id)
    expect(mail).toHaveLength(1)
    expect(mail[0]?.replyTo[0]).toBe(`sender${sequence}@example.co.uk`)
    // Released: a normal enquiry, saying so.
    expect(mail[0]?.subject).toMatch(/^New enquiry from /)
    expect(mail[0]?.body.text).toMatch(
      /^Released from the spam hold by staff on \w{3} \d+ \w{3} \d{4}, \d\d:\d\d (GMT|BST)/,
    )

    const again = await press(link)
    expect(await again.text()).toContain('already sent to you')
    await pipeline.runRetry(later)
    expect(await mailOf(id)).toHaveLength(1)
    expect((await read(id))?.staffActions).toHaveLength(1)
    const reopened = await fetch(link)
    expect(await reopened.text()).toContain('already sent to you')

    await expectNotListed(id)
  })

  it('two presses at once (two tabs) release it once and send one e-mail', async () => {
    const id = await enquiry()
    const link = actionLinker({ key, stage: 'local', siteUrl, now: new Date() })(id, 'release')
    const answers = await Promise.all([press(link), press(link), press(link)])
    const pages = await Promise.all(answers.map((answer) => answer.text()))
    expect(pages.filter((page) => page.includes('It is on its way'))).toHaveLength(1)
    expect(pages.filter((page) => page.includes('already sent to you'))).toHaveLength(2)
    await pipeline.runRetry(later)
    await pipeline.runRetry(later)
    expect(await mailOf(id)).toHaveLength(1)
    expect((await read(id))?.staffActions).toHaveLength(1)
  })

  it('"It is spam: stop listing it": kept, not sent, not listed again', async () => {
    const id = await enquiry()
    await pipeline.runDigest(siteUrl)
    const link = linkIn(await latestDigest(), id, 'It is spam: stop listing it')
    const page = await (await fetch(link)).text()
    expect(page).toContain('It is spam: stop listing it</button>')
    expect(await read(id)).toMatchObject({ attention: 'held' })
    expect(await (await press(link)).text()).toContain('It will not be listed again')
    const stored = await read(id)
    expect(stored).toMatchObject({ emailStatus: 'held', staffActions: [{ action: 'dismiss' }] })
    expect(stored?.attention).toBeUndefined()
    expect(stored?.dismissedAt).toEqual(expect.any(String))
    expect(await (await press(link)).text()).toContain('already no longer listed')
    await pipeline.runRetry(later)
    expect(await mailOf(id)).toHaveLength(0)
    await expectNotListed(id)
  })

  it('"Send it again" for an e-mail that gave up: pending again, sent once', async () => {
    const id = await enquiry(true)
    // As the retry leaves an enquiry after its last failed attempt.
    await pipeline.table.send(
      new UpdateCommand({
        TableName: pipeline.config.enquiriesTable,
        Key: { id },
        UpdateExpression:
          'REMOVE emailPending SET emailStatus = :s, attention = :s, emailAttempts = :n',
        ExpressionAttributeValues: { ':s': 'gave-up', ':n': 8 },
      }),
    )
    const before = (await mailOf(id)).length
    await pipeline.runDigest(siteUrl)
    const digest = await latestDigest()
    const link = linkIn(digest, id, 'Send it again')
    expect(linkIn(digest, id, 'Stop listing it')).toContain('?t=')
    expect(await (await fetch(link)).text()).toContain('Send it again</button>')
    expect(await (await press(link)).text()).toContain('It is on its way again')
    await pipeline.runRetry(later)
    expect(await mailOf(id)).toHaveLength(before + 1)
    expect(await read(id)).toMatchObject({
      emailStatus: 'sent',
      staffActions: [{ action: 'requeue' }],
    })
  })

  it('refuses a changed, expired, other-stage or erased enquiry’s link with a page in words, changing nothing', async () => {
    const id = await enquiry()
    const link = actionLinker({ key, stage: 'local', siteUrl, now: new Date() })(id, 'release')
    const token = new URL(link).searchParams.get(tokenParameter) ?? ''
    const last = token.at(-2) === 'A' ? 'B' : 'A'
    const changed = `${siteUrl}/api/enquiry-actions?t=${token.slice(0, -2)}${last}${token.at(-1)}`
    const expired = actionLinker({
      key,
      stage: 'local',
      siteUrl,
      now: new Date(Date.now() - 31 * 86_400_000),
    })(id, 'release')
    const otherStage = actionLinker({
      key: 'another-stage-key'.padEnd(48, 'y'),
      stage: 'staging',
      siteUrl,
      now: new Date(),
    })(id, 'release')
    const otherKey = actionLinker({
      key: 'another-stage-key'.padEnd(48, 'y'),
      stage: 'local',
      siteUrl,
      now: new Date(),
    })(id, 'release')
    const cases = [
      [changed, 403, 'This link has been changed'],
      [expired, 410, 'This link has expired'],
      // Signed with another stage's key: its signature fails before its stage is read.
      [otherStage, 403, 'This link has been changed'],
      [otherKey, 403, 'This link has been changed'],
    ] as const
    for (const [url, status, words] of cases) {
      const shown = await fetch(url)
      expect(shown.status, url).toBe(status)
      expect(await shown.text()).toContain(words)
      const pressed = await press(url)
      expect(pressed.status, url).toBe(status)
      expect(await pressed.text()).toContain('nothing was done')
    }
    const crossSite = await press(link, { 'sec-fetch-site': 'cross-site' })
    expect(crossSite.status).toBe(403)
    expect(await read(id)).toMatchObject({ emailStatus: 'held', attention: 'held' })
    expect((await read(id))?.staffActions).toBeUndefined()

    // Erased on request: the link finds nothing, and writes nothing back.
    await pipeline.table.send(
      new DeleteCommand({ TableName: pipeline.config.enquiriesTable, Key: { id } }),
    )
    for (const answer of [await fetch(link), await press(link)]) {
      expect(answer.status).toBe(410)
      expect(await answer.text()).toContain('This enquiry is no longer stored')
    }
    expect(await read(id)).toBeUndefined()
    await pipeline.runRetry(later)
    expect(await mailOf(id)).toHaveLength(0)
  })
})
