import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildEnquiry, type Enquiry } from '#functions/enquiries/item.ts'
import { personalValues, validSubmission } from '#functions/test-fixtures/test-support.ts'
import { recordingDynalite } from '#local/testing/recording-dynalite.ts'
import { type EnquiriesIo, runEnquiries } from './enquiries-cli.ts'

/**
 * The ops command against dynalite, through its own entry point: each test stores enquiries in
 * the states the pipeline leaves them in, then reads and changes them as ops would.
 */
const now = new Date('2026-11-21T12:00:00.000Z')
const db = recordingDynalite()
const { operations } = db
let tableName: string

let tables = 0
/** A fresh table per test: each starts from the enquiries it stores. */
async function freshTable() {
  tables++
  tableName = `enquiries-ops-${tables}`
  await db.createEnquiryTable(tableName)
}

let counter = 0
async function store(minutesOld: number, state: Partial<Enquiry> = {}): Promise<Enquiry> {
  counter++
  const id = `${counter.toString(16).padStart(8, '0')}-0000-4000-8000-000000000000`
  const enquiry = {
    ...buildEnquiry(validSubmission, id, new Date(now.getTime() - minutesOld * 60_000)),
    ...state,
  }
  // undefined marks a field the state removes.
  await db.client.send(
    new PutCommand({ TableName: tableName, Item: JSON.parse(JSON.stringify(enquiry)) }),
  )
  return enquiry
}

async function item(id: string) {
  const { Item } = await db.client.send(new GetCommand({ TableName: tableName, Key: { id } }))
  return Item as Record<string, unknown>
}

const gaveUp = {
  emailStatus: 'gave-up',
  attention: 'gave-up',
  emailPending: undefined,
  emailAttempts: 8,
} as const
const sent = { emailStatus: 'sent', emailPending: undefined, emailAttempts: 1 } as const
const bounced = {
  emailStatus: 'bounced',
  attention: 'bounced',
  emailPending: undefined,
  emailAttempts: 1,
} as const
const held = { emailStatus: 'held', attention: 'held', emailPending: undefined } as const

interface Run {
  code: number
  out: string
  err: string
  /** What Powertools wrote to stdout: the EMF metric lines. */
  metrics: Record<string, unknown>[]
}

async function enquiries(
  args: string[],
  target = ['--table', tableName, '--endpoint', db.endpoint],
) {
  const run: Run = { code: -1, out: '', err: '', metrics: [] }
  const io: EnquiriesIo = {
    out: (text) => {
      run.out += text
    },
    err: (text) => {
      run.err += `${text}\n`
    },
    now: () => now,
    env: {},
  }
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    for (const line of String(chunk).split('\n')) {
      if (line.includes('"_aws"')) run.metrics.push(JSON.parse(line))
    }
    return true
  })
  operations.length = 0
  try {
    run.code = await runEnquiries([...args, ...target], io)
  } finally {
    write.mockRestore()
  }
  return run
}

afterEach(() => vi.restoreAllMocks())

describe('npm run enquiries -- list', () => {
  it('lists what has not reached the agency, oldest first, with no personal data and no scan', async () => {
    await freshTable()
    const pending = await store(30)
    await store(40, sent)
    const gave = await store(300, gaveUp)
    const bounce = await store(3000, bounced)
    await store(20, held)
    await store(60 * 24 * 365 * 4, {}) // past its retention: TTL's business now

    const run = await enquiries(['list', '--undelivered'])

    expect(run.code, run.err).toBe(0)
    expect(run.out.trimEnd().split('\n')).toEqual([
      'REF       STATUS   AGE  ATTEMPTS',
      `${bounce.ref}  bounced  2d   1`,
      `${gave.ref}  gave-up  5h   8`,
      `${pending.ref}  pending  30m  0`,
    ])
    expect(run.err).toContain('3 enquiries not delivered')
    for (const value of personalValues) expect(run.out + run.err).not.toContain(value)
    expect(run.out).not.toContain(pending.id)
    expect(new Set(operations)).toEqual(new Set(['Query', 'BatchGetItem']))
  })

  it('lists enquiries held as spam apart', async () => {
    await freshTable()
    await store(30)
    const spam = await store(20, held)
    const run = await enquiries(['list', '--spam'])
    expect(run.out.trimEnd().split('\n').slice(1)).toEqual([`${spam.ref}  held    20m  0`])
  })
})

describe('npm run enquiries -- show', () => {
  it('prints the one enquiry, personal data included, by its reference in any case', async () => {
    await freshTable()
    const enquiry = await store(30, bounced)
    const run = await enquiries(['show', enquiry.ref.toLowerCase()])
    expect(run.code, run.err).toBe(0)
    expect(JSON.parse(run.out.slice(run.out.indexOf('{')))).toMatchObject({
      id: enquiry.id,
      email: validSubmission.email,
      message: validSubmission.message,
      emailStatus: 'bounced',
    })
    expect(run.err).toContain('Personal data')
  })

  it('shows what staff did with it, and when', async () => {
    await freshTable()
    const enquiry = await store(30, bounced)
    expect((await enquiries(['requeue', enquiry.ref])).code).toBe(0)
    const run = await enquiries(['show', enquiry.ref])
    expect(JSON.parse(run.out.slice(run.out.indexOf('{'))).staffActions).toEqual([
      { action: 'requeue', at: now.toISOString(), by: 'ops', from: 'bounced' },
    ])
  })

  it('says first whether it was answered (when, by whom), or not, in the agency’s time', async () => {
    await freshTable()
    /** The first two lines `show` prints: when the enquiry came, and whether it was answered. */
    const heading = async (enquiry: Enquiry) =>
      (await enquiries(['show', enquiry.ref])).out.split('\n').slice(0, 2)
    const waiting = await store(90, sent)
    expect(await heading(waiting)).toEqual([
      `Received: Sat 21 Nov 2026, 10:30 GMT (ref ${waiting.ref})`,
      'Not answered (1 h 30 min since it came)',
    ])
    const answered = await store(90, {
      ...sent,
      answeredAt: '2026-11-21T11:15:00.000Z',
      answeredBy: 'jane@elevate-digital.example',
      answeredVia: 'reply',
    })
    expect(await heading(answered)).toEqual([
      `Received: Sat 21 Nov 2026, 10:30 GMT (ref ${answered.ref})`,
      'Answered: Sat 21 Nov 2026, 11:15 GMT by jane@elevate-digital.example (a reply to its e-mail), 45 min after it came',
    ])
    // July: British Summer Time.
    const july = await store(0, {
      ...sent,
      createdAt: '2026-07-14T08:00:00.000Z',
      answeredAt: '2026-07-14T09:00:00.000Z',
      answeredVia: 'link',
    })
    expect(await heading(july)).toEqual([
      `Received: Tue 14 Jul 2026, 09:00 BST (ref ${july.ref})`,
      'Answered: Tue 14 Jul 2026, 10:00 BST with the "I have answered this" link, 1 h after it came',
    ])
  })

  it('says so when no enquiry has that reference', async () => {
    await freshTable()
    const run = await enquiries(['show', 'ABCDEF12'])
    expect(run.code).toBe(1)
    expect(run.err).toContain('No enquiry ABCDEF12')
  })
})

describe('npm run enquiries -- requeue and release', () => {
  it('leaves a held enquiry staff stopped listing as it is, saying when they did', async () => {
    await freshTable()
    const dismissed = await store(120, {
      ...held,
      attention: undefined,
      dismissedAt: '2026-11-21T11:00:00.000Z',
    })
    const run = await enquiries(['release', dismissed.ref])
    expect(run.code).toBe(1)
    expect(run.err).toContain(
      `Not changed: staff stopped listing ${dismissed.ref} on Sat 21 Nov 2026, 11:00 GMT; it is not sent.`,
    )
    expect((await item(dismissed.id)).emailStatus).toBe('held')
  })

  it('puts a bounced enquiry back in the retry queue, once', async () => {
    await freshTable()
    const enquiry = await store(30, bounced)

    const run = await enquiries(['requeue', enquiry.ref])
    expect(run.code, run.err).toBe(0)
    expect(await item(enquiry.id)).toMatchObject({
      emailStatus: 'pending',
      emailStatusAt: now.toISOString(),
      emailPending: 'PENDING',
      emailAttempts: 0,
    })
    expect(await item(enquiry.id)).not.toHaveProperty('attention')
    const listed = await enquiries(['list', '--undelivered'])
    expect(listed.out).toContain(`${enquiry.ref}  pending`)

    const again = await enquiries(['requeue', enquiry.ref])
    expect(again.code).toBe(1)
    expect(again.err).toContain('Not changed')
  })

  it('requeues every enquiry that gave up, and nothing else', async () => {
    await freshTable()
    const first = await store(300, gaveUp)
    const second = await store(200, gaveUp)
    const other = await store(100, bounced)
    const run = await enquiries(['requeue', '--all-gave-up'])
    expect(run.err).toContain('Requeued 2 enquiries')
    expect((await item(first.id)).emailStatus).toBe('pending')
    expect((await item(second.id)).emailStatus).toBe('pending')
    expect((await item(other.id)).emailStatus).toBe('bounced')
  })

  it('releases a held enquiry to the inbox, and refuses one that is not held', async () => {
    await freshTable()
    const spam = await store(30, held)
    const bounce = await store(30, bounced)
    expect((await enquiries(['release', spam.ref])).code).toBe(0)
    expect(await item(spam.id)).toMatchObject({ emailStatus: 'pending', emailPending: 'PENDING' })
    expect(await item(spam.id)).not.toHaveProperty('attention')
    expect((await enquiries(['release', bounce.ref])).code).toBe(1)
    expect((await item(bounce.id)).emailStatus).toBe('bounced')
  })
})

describe('npm run enquiries -- simulate (SES events through the real handler)', () => {
  it('shows ops a bounce: the status becomes bounced, the enquiry needs attention, the metric moves', async () => {
    await freshTable()
    const enquiry = await store(5, sent)

    const run = await enquiries(['simulate', 'bounce', enquiry.ref])

    expect(run.code, run.err).toBe(0)
    expect(run.err).toContain(
      `Simulated an SES Bounce for ${enquiry.ref}: recorded; its e-mail status is now bounced.`,
    )
    expect(await item(enquiry.id)).toMatchObject({
      emailStatus: 'bounced',
      emailStatusAt: now.toISOString(),
      emailStatusDetail: 'Permanent/General',
      attention: 'bounced',
    })
    expect(run.metrics).toEqual([
      expect.objectContaining({ EnquiryBounced: 1, service: 'delivery-events', stage: 'local' }),
    ])
    const listed = await enquiries(['list', '--undelivered'])
    expect(listed.out).toContain(`${enquiry.ref}  bounced`)
  })

  it('keeps a bounce when the delivery arrives late, and counts a repeated bounce once', async () => {
    await freshTable()
    const enquiry = await store(5, sent)
    await enquiries(['simulate', 'bounce', enquiry.ref])

    const late = await enquiries(['simulate', 'delivery', enquiry.ref])
    expect(late.err).toContain('superseded; its e-mail status is now bounced')
    expect(late.metrics).toEqual([])

    const repeated = await enquiries(['simulate', 'bounce', enquiry.ref])
    expect(repeated.err).toContain('duplicate')
    expect(repeated.metrics).toEqual([])
  })

  it('records a complaint after a delivery (the agency marked it as spam)', async () => {
    await freshTable()
    const enquiry = await store(5, sent)
    await enquiries(['simulate', 'delivery', enquiry.ref])
    expect((await item(enquiry.id)).emailStatus).toBe('delivered')
    const run = await enquiries(['simulate', 'complaint', enquiry.ref])
    expect(run.metrics[0]).toMatchObject({ EnquiryComplained: 1 })
    expect(await item(enquiry.id)).toMatchObject({
      emailStatus: 'complained',
      attention: 'complained',
    })
  })

  it('takes a delivered enquiry out of the retry queue when sent was never recorded', async () => {
    await freshTable()
    const enquiry = await store(5)
    await enquiries(['simulate', 'delivery', enquiry.ref])
    const stored = await item(enquiry.id)
    expect(stored.emailStatus).toBe('delivered')
    expect(stored).not.toHaveProperty('emailPending')
  })

  it('refuses to fabricate events, or send the local digest, on a deployed table', async () => {
    const run = await enquiries(['simulate', 'bounce', 'ABCDEF12'], ['--table', 'prod-table'])
    expect(run.code).toBe(2)
    expect(run.err).toContain('local stack only')
    for (const job of ['digest', 'remind', 'weekly']) {
      const run = await enquiries([job], ['--table', 'prod-table'])
      expect(run.code).toBe(2)
      expect(run.err).toContain(`${job} works on the local stack only.`)
    }
  })

  it('takes --now for the scheduled e-mails only, as an ISO 8601 time', async () => {
    const bad = await enquiries(['remind', '--now', 'next Tuesday'])
    expect(bad.code).toBe(2)
    expect(bad.err).toContain('--now takes an ISO 8601 time')
    const elsewhere = await enquiries(['list', '--spam', '--now', '2026-07-27T07:00:00Z'])
    expect(elsewhere.code).toBe(2)
    expect(elsewhere.err).toContain('--now is for digest, remind and weekly.')
  })
})

describe('npm run enquiries -- failures', () => {
  it('says it cannot reach the table and exits 1, for a closed port or a missing table', async () => {
    const closed = await enquiries(
      ['list', '--undelivered'],
      ['--table', 'enquiries', '--endpoint', 'http://127.0.0.1:1'],
    )
    expect(closed.code).toBe(1)
    expect(closed.err).toMatch(/^Could not reach the enquiries table/)

    const missing = await enquiries(
      ['list', '--undelivered'],
      ['--table', 'no-such-table', '--endpoint', db.endpoint],
    )
    expect(missing.code).toBe(1)
    expect(missing.err).toContain('ResourceNotFoundException')
  })

  it('says an unknown reference or full id names no enquiry, and exits 1', async () => {
    await freshTable()
    for (const command of ['show', 'requeue', 'release']) {
      for (const reference of ['ABCDEF12', '0d9e5a1c-7b2f-5c3d-9e4f-5a6b7c8d9e0f']) {
        const run = await enquiries([command, reference])
        expect(run.code, `${command} ${reference}`).toBe(1)
        expect(run.err).toBe(`No enquiry ${reference} in ${tableName} (${db.endpoint}).\n`)
        expect(run.out).toBe('')
      }
    }
  })

  it('explains its usage for anything it does not understand', async () => {
    for (const args of [
      [],
      ['list'],
      ['show'],
      ['requeue'],
      ['show', 'not-a-ref'],
      ['simulate', 'open', 'ABCDEF12'],
      ['list', '--spam', '--timeout', 'soon'],
      ['digest', 'ABCDEF12'],
    ]) {
      const run = await enquiries(args)
      expect(run.code, args.join(' ')).toBe(2)
      expect(run.err).toContain('Usage:')
    }
  })
})
