import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { actionLinker } from '#functions/enquiries/action-links.ts'
import { buildEnquiry, type Enquiry } from '#functions/enquiries/item.ts'
import { RETRY_AFTER_MS } from '#functions/notification-retry/retry.ts'
import { validSubmission } from '#functions/test-fixtures/test-support.ts'
import { runEnquiries } from '#ops/enquiries-cli.ts'
import { contactApi } from '#shared/contact.ts'
import { enquiryRef } from '#shared/enquiry-table.ts'
import { mailFor, readMailbox } from './mailbox.ts'
import type { LocalPipeline } from './pipeline.ts'
import { type ServedPipeline, serveLocalPipeline } from './served-pipeline.ts'
import { localStackEnv, runSaying } from './testing/ops-commands.ts'

/**
 * The 24-hour promise on the local stack, as staff meet it: `npm run enquiries -- remind` and
 * `-- weekly` (as at `--now`), the digest's way to an enquiry weeks old, conflicting presses, and
 * the e-mails a release and a requeue cause.
 */
const key = 'local-answer-watch-key-'.padEnd(48, 'k')
let served: ServedPipeline
let pipeline: LocalPipeline
let siteUrl: string

beforeAll(async () => {
  served = await serveLocalPipeline({ actionLinkKey: key })
  ;({ stack: pipeline, apiUrl: siteUrl } = served)
}, 60_000)

afterAll(() => served?.close())

/** `npm run enquiries -- ARGS` against this stack: its table, mailbox, site and key. */
const enquiries = (args: string[]) =>
  runSaying(runEnquiries, args, localStackEnv(pipeline, { url: siteUrl, linkKey: key }))

let counter = 0
/** An enquiry stored as it would be at `createdAt`, in the state `state` says. */
async function stored(createdAt: Date, state: Partial<Enquiry> = {}): Promise<Enquiry> {
  counter++
  const id = `${(0xa0000000 + counter).toString(16)}-0000-4000-8000-${Date.now().toString(16).padStart(12, '0')}`
  const item = { ...buildEnquiry(validSubmission, id, createdAt), ...state }
  if (item.emailStatus !== 'pending') delete (item as { emailPending?: string }).emailPending
  await pipeline.table.send(
    new PutCommand({ TableName: pipeline.config.enquiriesTable, Item: item }),
  )
  return item
}
const sent: Partial<Enquiry> = { emailStatus: 'delivered' }
const held: Partial<Enquiry> = {
  emailStatus: 'held',
  attention: 'held',
  spamLevel: 'certain',
  spamScore: 12,
  spamReasons: ['The hidden field was filled in'],
}

const read = async (id: string) =>
  (
    await pipeline.table.send(
      new GetCommand({ TableName: pipeline.config.enquiriesTable, Key: { id } }),
    )
  ).Item as Enquiry | undefined
const mailWith = async (words: string) =>
  (await readMailbox(pipeline.mailboxUrl)).filter((mail) => mail.subject.includes(words))
const hoursBefore = (at: Date, hours: number) => new Date(at.getTime() - hours * 3_600_000)

describe('npm run enquiries -- remind', () => {
  const now = new Date('2026-07-27T07:00:00.000Z')

  it('lists an enquiry unanswered 21 hours on, held ones too, once; never an answered, dismissed or newer one', async () => {
    const inbox = await stored(hoursBefore(now, 21), sent)
    const heldOne = await stored(hoursBefore(now, 21), held)
    const answered = await stored(hoursBefore(now, 21), {
      ...sent,
      answeredAt: hoursBefore(now, 20).toISOString(),
      answeredVia: 'link',
    })
    const dismissed = await stored(hoursBefore(now, 21), {
      ...held,
      attention: undefined,
      dismissedAt: hoursBefore(now, 20).toISOString(),
    })
    const newer = await stored(hoursBefore(now, 19), sent)
    const canary = await stored(hoursBefore(now, 21), { ...sent, synthetic: true })

    const first = await enquiries(['remind', '--now', now.toISOString()])
    expect(first.code, first.said).toBe(0)
    expect(first.said).toContain(
      'Sent the reminder of 2 enquiries not answered yet to hello@elevate-digital.example',
    )
    const [reminder, ...more] = await mailWith('Not answered yet')
    expect(more).toHaveLength(0)
    expect(reminder?.subject).toBe('Not answered yet: 2 enquiries from more than 20 hours ago')
    const text = reminder?.body.text ?? ''
    expect(text).toContain(`${inbox.ref}, received 21 hours ago (Sun 26 Jul 2026, 11:00 BST)`)
    expect(text).toContain(`${heldOne.ref}, received 21 hours ago`)
    expect(text).toMatch(
      new RegExp(
        `I have answered this: ${siteUrl}/api/enquiry-actions\\?t=v1\\.local\\.${inbox.id}\\.answer\\.`,
      ),
    )
    expect(text).toMatch(
      new RegExp(
        `Send it to me: ${siteUrl}/api/enquiry-actions\\?t=v1\\.local\\.${heldOne.id}\\.release\\.`,
      ),
    )
    for (const left of [answered, dismissed, newer, canary]) expect(text).not.toContain(left.ref)
    expect(`${reminder?.subject}${text}${reminder?.body.html}`).not.toMatch(/\bnpm\b/)

    // A quarter of an hour later: nothing more is due, nothing sent.
    const again = await enquiries([
      'remind',
      '--now',
      new Date(now.getTime() + 15 * 60_000).toISOString(),
    ])
    expect(again.said).toBe(
      'No reminder sent: nothing unanswered is due (0 enquiries newly past 24 hours unanswered).',
    )
    expect(await mailWith('Not answered yet')).toHaveLength(1)

    // Four hours on: the newer one is due; the two reminded ones are past their 24 hours, counted once.
    const later = await enquiries([
      'remind',
      '--now',
      new Date(now.getTime() + 4 * 3_600_000).toISOString(),
    ])
    expect(later.said).toContain('Sent the reminder of 1 enquiry not answered yet')
    expect(later.said).toContain('(2 enquiries newly past 24 hours unanswered)')
    const second = (await mailWith('Not answered yet'))[1]?.body.text ?? ''
    expect(second).toContain(newer.ref)
    expect(second).not.toContain(inbox.ref)
    expect(await read(inbox.id)).toMatchObject({
      remindedAt: now.toISOString(),
      promiseMissedAt: expect.any(String),
    })
    expect((await read(answered.id))?.remindedAt).toBeUndefined()
  })
})

describe('the digest reaches every waiting enquiry, however old, in two clicks', () => {
  it('links a held enquiry 40 days old through the page of waiting enquiries to its confirmation page', async () => {
    const old = await stored(new Date(Date.now() - 40 * 86_400_000), {
      ...held,
      emailStatusAt: new Date(Date.now() - 40 * 86_400_000).toISOString(),
    })
    const fresh = await stored(new Date(Date.now() - 2 * 3_600_000), held)
    await pipeline.runDigest(siteUrl)
    const digest = (await mailWith('waiting for you')).at(-1)
    const text = digest?.body.text ?? ''
    expect(text).toContain(fresh.ref)
    expect(text).not.toContain(old.ref)
    expect(`${digest?.subject}${text}${digest?.body.html}`).not.toMatch(/\bnpm\b/)

    // Click 1: the page of every waiting enquiry (a GET: it only shows).
    const waitingLink = /See every waiting enquiry: (\S+)/.exec(text)?.[1] as string
    const page = await (await fetch(waitingLink)).text()
    expect(page).toContain(`${old.ref}, received 40 days ago`)
    expect(page).not.toMatch(/\bnpm\b/)
    const release = new RegExp(`<dt>${old.ref},[^]*?<a href="([^"]+)">Send it to me</a>`).exec(
      page,
    )?.[1]
    // Click 2: its own confirmation page, one button.
    const confirm = await (
      await fetch(`${siteUrl}${(release as string).replaceAll('&amp;', '&')}`)
    ).text()
    expect(confirm).toContain(old.ref)
    expect(confirm).toContain('Send it to me</button>')
    expect(await read(old.id)).toMatchObject({ emailStatus: 'held', attention: 'held' })
  })

  it('an expired link’s page says where fresh links are, and no command', async () => {
    const expired = actionLinker({
      key,
      stage: 'local',
      siteUrl,
      now: new Date(Date.now() - 31 * 86_400_000),
    })('', 'waiting')
    const answer = await fetch(expired)
    expect(answer.status).toBe(410)
    const page = await answer.text()
    expect(page).toContain('This link has expired')
    expect(page).toContain('the weekly summary that comes each Monday links to it')
    expect(page).not.toMatch(/\bnpm\b/)
  })
})

/** The POST of a link's button, as the page's form sends it. */
const press = (link: string) =>
  fetch(`${siteUrl}/api/enquiry-actions`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ t: new URL(link).searchParams.get('t') ?? '' }).toString(),
  })
const later = RETRY_AFTER_MS + 60_000

describe('conflicting presses give one outcome', () => {
  it('dismiss and release pressed at the same moment: one is done, the other is told so; e-mailed only if released', async () => {
    const outcomes: string[] = []
    for (let round = 0; round < 6; round++) {
      const item = await stored(new Date(Date.now() - 3_600_000), held)
      const link = actionLinker({ key, stage: 'local', siteUrl, now: new Date() })
      // Both at once, started in either order, as two people (or two tabs) would press them.
      const releasing = () => press(link(item.id, 'release')).then((answer) => answer.text())
      const dismissing = () => press(link(item.id, 'dismiss')).then((answer) => answer.text())
      const [release, dismiss]: [string, string] =
        round % 2
          ? await Promise.all([releasing(), dismissing()])
          : await Promise.all([dismissing(), releasing()]).then(([d, r]) => [r, d])
      const released = release.includes('It is on its way')
      const dismissed = dismiss.includes('It will not be listed again')
      expect(released !== dismissed, `round ${round}: exactly one is done`).toBe(true)
      if (released) expect(dismiss).toContain('its e-mail is being sent to you now')
      else expect(release).toContain('Nothing was done: staff stopped listing it on')
      await pipeline.runRetry(later)
      expect(await mailFor(pipeline.mailboxUrl, item.id)).toHaveLength(released ? 1 : 0)
      expect((await read(item.id))?.staffActions).toHaveLength(1)
      outcomes.push(released ? 'released' : 'dismissed')
    }
    expect(outcomes).toHaveLength(6)
  })
})

describe('released and requeued e-mails read right', () => {
  it('a requeued enquiry says it is sent again, and why', async () => {
    const response = await fetch(`${siteUrl}${contactApi.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        ...validSubmission,
        email: 'requeued@example.co.uk',
        message: `A message of its own (${Date.now()}): please call me about a new website.`,
      }),
    })
    const { id } = (await response.json()) as { id: string }
    await pipeline.trigger.settled()
    // The agency inbox refused it (as SES's bounce event records).
    await pipeline.table.send(
      new UpdateCommand({
        TableName: pipeline.config.enquiriesTable,
        Key: { id },
        UpdateExpression: 'SET emailStatus = :s, attention = :s',
        ExpressionAttributeValues: { ':s': 'bounced' },
      }),
    )
    const link = actionLinker({ key, stage: 'local', siteUrl, now: new Date() })(id, 'requeue')
    expect(await (await press(link)).text()).toContain('It is on its way again')
    await pipeline.runRetry(later)
    const [first, again] = await mailFor(pipeline.mailboxUrl, id)
    expect(first?.subject).toMatch(/^New enquiry from /)
    expect(again?.subject).toBe(`[Sent again] ${first?.subject}`)
    expect(again?.body.text?.split('\n')[0]).toMatch(
      /^Sent again on \w{3} \d+ \w{3} \d{4}, \d\d:\d\d (GMT|BST), at the request of staff: the first e-mail about it did not reach you \(this inbox refused it\)\.$/,
    )
    expect(await read(id)).toMatchObject({
      staffActions: [{ action: 'requeue', by: 'link', from: 'bounced' }],
    })
  })
})

describe('npm run enquiries -- weekly', () => {
  it('summarises last week, Monday to Monday in agency time, by reference only', async () => {
    const week = (day: number, hour: number) => new Date(Date.UTC(2026, 7, day, hour))
    const quick = await stored(week(3, 9), { ...sent, answeredAt: week(3, 11).toISOString() })
    const slow = await stored(week(4, 9), { ...sent, answeredAt: week(5, 12).toISOString() })
    const silent = await stored(week(5, 9), sent)
    await stored(week(9, 23), sent) // Sunday 23:00 UTC: Monday 00:00 BST, next week's.
    const run = await enquiries(['weekly', '--now', '2026-08-10T07:00:00Z'])
    expect(run.code, run.said).toBe(0)
    expect(run.said).toContain(
      'Sent the weekly summary (3 enquiries received, 1 answered within 24 hours) to hello@elevate-digital.example',
    )
    const summary = (await mailWith('Week of Mon 3 Aug 2026')).at(-1)
    expect(summary?.subject).toBe('Week of Mon 3 Aug 2026: 3 enquiries, 1 answered within 24 hours')
    const text = summary?.body.text ?? ''
    expect(text).toContain('Answered within 24 hours: 1 of 3 (33%)')
    expect(text).toContain(`Answered later than 24 hours: 1 (${slow.ref})`)
    expect(text).toContain(`No answer recorded after 24 hours: 1 (${silent.ref})`)
    expect(text).toContain('Median time to first answer: 14 h 30 min')
    expect(text).not.toContain(quick.ref)
    for (const personal of [
      validSubmission.lastName,
      validSubmission.company,
      validSubmission.phone,
    ]) {
      expect(text).not.toContain(personal)
    }
    expect(enquiryRef(quick.id)).toBe(quick.ref)
  })
})
