import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { actionLinker } from '#functions/enquiries/action-links.ts'
import { buildEnquiry } from '#functions/enquiries/item.ts'
import { silentLogger } from '#functions/log.ts'
import { createRetryHandler } from '#functions/notification-retry/create-handler.ts'
import { RETRY_AFTER_MS } from '#functions/notification-retry/retry.ts'
import { enquiryIdOf, type MailboxEmail, readMailbox } from '#local/mailbox.ts'
import { sampleEnquiry } from '#shared/sample-enquiry.ts'
import { expectNoAxeViolations, sharedChromium } from './chromium.ts'
import { localPipeline } from './local-pipeline.ts'

/**
 * Staff acting on the digest in Chromium, on the local stack `npm start` runs: the digest in the
 * mailbox, its link opened, the page's one button pressed (JavaScript off: a plain form post),
 * the enquiry e-mail in the mailbox after the retry's run. The digest and the retry run here as
 * their schedules would run them.
 */
const { config, clients, table, key, siteUrl, runDigest, postEnquiry } = localPipeline()
const mailboxUrl = inject('mailboxUrl')
const browser = await sharedChromium()

/** The retry's run, as the schedule would run it once a new enquiry is old enough to send. */
const runRetry = () =>
  createRetryHandler({
    config,
    clients,
    log: silentLogger,
    now: () => new Date(Date.now() + RETRY_AFTER_MS + 60_000),
  })()

const read = async (id: string) =>
  (await clients.documentClient.send(new GetCommand({ TableName: table.tableName, Key: { id } })))
    .Item

/** Certain spam through the API (the honeypot filled in): held back, listed in the digest. */
const heldEnquiry = (company = 'Analytical Engines Ltd') =>
  postEnquiry('Digest test', { company, website: 'https://spam.example' })

const mailOf = async (id: string) =>
  (await readMailbox(mailboxUrl)).filter((email) => enquiryIdOf(email) === id)

async function latestDigest(): Promise<MailboxEmail> {
  const digests = (await readMailbox(mailboxUrl)).filter((email) =>
    email.subject.includes('waiting for you'),
  )
  return digests.at(-1) as MailboxEmail
}

/** A digest listing `id`, and its link by the words staff read; checked in the HTML part too. */
async function linkFor(id: string, words: string): Promise<string> {
  await runDigest()
  const digest = await latestDigest()
  const line = (digest.body.text ?? '')
    .split('\n')
    .find((candidate) => candidate.startsWith(`  ${words}: `) && candidate.includes(id))
  expect(line, `a "${words}" link for ${id}`).toBeDefined()
  const link = (line as string).slice(`  ${words}: `.length)
  expect(digest.body.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`)
  return link
}

/** A new window with JavaScript off, as the strictest mail client's browser. */
async function openLink(link: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto(link)
  return { page, close: () => context.close() }
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).textContent()

/** The next digest (another enquiry waiting, so one is sent) no longer lists `id`. */
async function expectNotListed(id: string) {
  const other = await heldEnquiry()
  await runDigest()
  const text = (await latestDigest()).body.text ?? ''
  expect(text).toContain(other)
  expect(text).not.toContain(id)
}

describe('the digest’s links, in Chromium, on the local stack', () => {
  it('"Send it to me": the page names the enquiry; the press sends it once, Reply-To the enquirer', async () => {
    const id = await heldEnquiry('Babbage & Co')
    const link = await linkFor(id, 'Send it to me')
    const { page, close } = await openLink(link)
    await expect(heading(page)).resolves.toBe('Send this enquiry to you?')
    const ref = String((await read(id))?.ref)
    for (const shown of [ref, 'Ada Lovelace', 'Babbage & Co', 'Digest test']) {
      await expect(page.locator('dl').textContent()).resolves.toContain(shown)
    }
    await expect(page.getByRole('button').count()).resolves.toBe(1)
    // Axe runs as a script, which this page (JavaScript off) cannot: check the same document.
    const withScripts = await browser.newContext()
    const copy = await withScripts.newPage()
    await copy.setContent(await page.content(), { waitUntil: 'load' })
    await expectNoAxeViolations(copy)
    // The mailbox page `npm start` shows lists the digest the link came from.
    const { subject } = await latestDigest()
    const mailbox = await withScripts.newPage()
    await mailbox.goto(mailboxUrl)
    await expect.poll(() => mailbox.getByText(subject).count()).toBeGreaterThan(0)
    await withScripts.close()
    // Opened again (as a scanner would): nothing changes, nothing is sent.
    await page.reload()
    await runRetry()
    expect(await read(id)).toMatchObject({ emailStatus: 'held', attention: 'held' })
    expect(await mailOf(id)).toHaveLength(0)

    await Promise.all([page.waitForURL('**/api/enquiry-actions'), page.getByRole('button').click()])
    await expect(heading(page)).resolves.toBe('It is on its way')
    await runRetry()
    await expect.poll(() => mailOf(id).then((mail) => mail.length)).toBe(1)
    const [mail] = await mailOf(id)
    expect(mail?.replyTo[0]).toBe(String((await read(id))?.email))

    // Back to the link and pressed again: already done, nothing more sent.
    await page.goto(link)
    await expect(heading(page)).resolves.toBe('This enquiry was already sent to you')
    await runRetry()
    expect(await mailOf(id)).toHaveLength(1)
    await close()
    await expectNotListed(id)
  })

  it('two tabs pressing at once send one e-mail', async () => {
    const id = await heldEnquiry()
    const link = await linkFor(id, 'Send it to me')
    const tabs = await Promise.all([openLink(link), openLink(link)])
    await Promise.all(
      tabs.map(({ page }) =>
        Promise.all([page.waitForURL('**/api/enquiry-actions'), page.getByRole('button').click()]),
      ),
    )
    const headings = await Promise.all(tabs.map(({ page }) => heading(page)))
    expect(headings.sort()).toEqual(['It is on its way', 'This enquiry was already sent to you'])
    await runRetry()
    await runRetry()
    await expect.poll(() => mailOf(id).then((mail) => mail.length)).toBe(1)
    expect((await read(id))?.staffActions).toHaveLength(1)
    for (const { close } of tabs) await close()
  })

  it('"It is spam: stop listing it": kept, nothing sent, not listed again', async () => {
    const id = await heldEnquiry()
    const { page, close } = await openLink(await linkFor(id, 'It is spam: stop listing it'))
    await expect(heading(page)).resolves.toBe('Stop listing this enquiry?')
    await Promise.all([page.waitForURL('**/api/enquiry-actions'), page.getByRole('button').click()])
    await expect(heading(page)).resolves.toBe('It will not be listed again')
    await close()
    expect(await read(id)).toMatchObject({ emailStatus: 'held', dismissedAt: expect.any(String) })
    await runRetry()
    expect(await mailOf(id)).toHaveLength(0)
    await expectNotListed(id)
  })

  it('"Send it again" for an e-mail that was not delivered: sent once more', async () => {
    const id = await heldEnquiry()
    // As SES's bounce leaves an enquiry whose e-mail the inbox refused.
    await clients.documentClient.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: { id },
        UpdateExpression: 'SET emailStatus = :bounced, attention = :bounced',
        ExpressionAttributeValues: { ':bounced': 'bounced' },
      }),
    )
    const { page, close } = await openLink(await linkFor(id, 'Send it again'))
    await Promise.all([page.waitForURL('**/api/enquiry-actions'), page.getByRole('button').click()])
    await expect(heading(page)).resolves.toBe('It is on its way again')
    await close()
    await runRetry()
    await expect.poll(() => mailOf(id).then((mail) => mail.length)).toBe(1)
    await expectNotListed(id)
  })

  it('a plain GET of every link, repeated, changes nothing and sends nothing', async () => {
    const held = await heldEnquiry()
    const links = [
      await linkFor(held, 'Send it to me'),
      await linkFor(held, 'It is spam: stop listing it'),
    ]
    const before = await read(held)
    for (const link of [...links, ...links]) {
      const { page, close } = await openLink(link)
      await expect(page.getByRole('button').count()).resolves.toBe(1)
      await close()
    }
    await runRetry()
    expect(await read(held)).toEqual(before)
    expect(await mailOf(held)).toHaveLength(0)
  })

  it('refuses a changed, expired, other-stage or erased enquiry’s link with a page in words', async () => {
    const id = await heldEnquiry()
    const link = await linkFor(id, 'Send it to me')
    const last = link.at(-2) === 'A' ? 'B' : 'A'
    const sign = (now: Date, linkKey = key, stage = 'local') =>
      actionLinker({ key: linkKey, stage, siteUrl, now })(id, 'release')
    const otherKey = 'a key of another stage'.padEnd(48, '!')
    const cases = [
      [`${link.slice(0, -2)}${last}${link.at(-1)}`, 'This link has been changed'],
      [sign(new Date(Date.now() - 31 * 86_400_000)), 'This link has expired'],
      // Signed with another stage's key: its signature fails before its stage is read.
      [sign(new Date(), otherKey, 'staging'), 'This link has been changed'],
      [sign(new Date(), otherKey), 'This link has been changed'],
    ] as const
    const before = await read(id)
    for (const [refused, words] of cases) {
      const { page, close } = await openLink(refused)
      await expect(heading(page)).resolves.toBe(words)
      await expect(page.getByRole('button').count()).resolves.toBe(0)
      await expect(page.locator('main p').textContent()).resolves.toContain('nothing was done')
      await close()
    }
    expect(await read(id)).toEqual(before)

    await clients.documentClient.send(
      new DeleteCommand({ TableName: table.tableName, Key: { id } }),
    )
    const { page, close } = await openLink(link)
    await expect(heading(page)).resolves.toBe('This enquiry is no longer stored')
    await close()
    expect(await read(id)).toBeUndefined()
  })

  it('a digest of 200 held enquiries lists only those of the last 14 days and counts the rest', async () => {
    const day = 86_400_000
    const made = (ageMs: number, index: number) => {
      const id = crypto.randomUUID()
      return buildEnquiry(
        { ...sampleEnquiry, email: `bulk-${index}@example.co.uk` },
        id,
        new Date(Date.now() - ageMs),
        {
          level: 'certain',
          score: 12,
          reasons: ['The hidden field only bots can see was filled in'],
        },
      )
    }
    const recent = Array.from({ length: 20 }, (_, index) => made((index + 1) * 3_600_000, index))
    const old = Array.from({ length: 180 }, (_, index) =>
      made(15 * day + index * 3_600_000, index + 20),
    )
    for (const item of [...old, ...recent]) {
      await clients.documentClient.send(new PutCommand({ TableName: table.tableName, Item: item }))
    }
    await runDigest()
    const text = (await latestDigest()).body.text ?? ''
    for (const item of recent) expect(text).toContain(`${item.ref}, received`)
    for (const item of old) expect(text).not.toContain(item.ref)
    const counted =
      /And (\d+) waiting longer than 14 days, no longer listed here: they are on the page of every waiting enquiry\./.exec(
        text,
      )
    expect(Number(counted?.[1])).toBeGreaterThanOrEqual(180)
  })
})
