import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildEnquiry, type Enquiry } from '#functions/enquiries/item.ts'
import type { SpamVerdict } from '#functions/spam/verdict.ts'
import { validSubmission } from '#functions/test-fixtures/test-support.ts'
import { recordingDynalite } from '#local/testing/recording-dynalite.ts'
import { subjectReference } from './dsar.ts'
import { type DsarIo, runDsar } from './dsar-cli.ts'

/**
 * Data-subject requests against dynalite: export and erase through the CLI's own entry point,
 * with its terminal replaced by a script of answers.
 */
const tableName = 'enquiries-dsar-test'
const now = new Date('2026-11-21T12:00:00.000Z')
const db = recordingDynalite()
const { operations } = db
let dir: string

beforeAll(async () => {
  await db.createEnquiryTable(tableName)
  dir = mkdtempSync(join(tmpdir(), 'dsar-'))
})

afterAll(() => {
  rmSync(dir, { recursive: true, force: true })
})

let counter = 0
async function store(
  email: string,
  createdAt: Date,
  message = validSubmission.message,
  verdict?: SpamVerdict,
) {
  counter++
  const enquiry = buildEnquiry(
    { ...validSubmission, email, message },
    `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    createdAt,
    verdict,
  )
  await db.client.send(new PutCommand({ TableName: tableName, Item: enquiry }))
  return enquiry
}

async function exists(id: string) {
  const { Item } = await db.client.send(new GetCommand({ TableName: tableName, Key: { id } }))
  return Item !== undefined
}

interface Run {
  code: number
  out: string
  err: string[]
  asked: string[]
  audit: Record<string, unknown>[]
}

async function dsar(
  args: string[],
  terminal: { isTTY?: boolean; answer?: string } = {},
): Promise<Run> {
  const run: Run = { code: -1, out: '', err: [], asked: [], audit: [] }
  const io: DsarIo = {
    out: (text) => {
      run.out += text
    },
    err: (text) => {
      run.err.push(text)
      if (text.startsWith('{')) run.audit.push(JSON.parse(text))
    },
    isTTY: terminal.isTTY ?? false,
    ask: async (question) => {
      run.asked.push(question)
      return terminal.answer ?? ''
    },
    now: () => now,
    env: { DSAR_OPERATOR: 'ops-tester' },
  }
  operations.length = 0
  run.code = await runDsar([...args, '--table', tableName, '--endpoint', db.endpoint], io)
  return run
}

/** Nothing that identifies the person in what the tool logs. */
function expectNoPersonalData(run: Run, ...values: string[]) {
  const logged = JSON.stringify(run.audit)
  for (const value of [...values, ...Object.values(validSubmission)]) {
    expect(logged.toLowerCase()).not.toContain(value.toLowerCase())
  }
}

let ada: Enquiry[]
let other: Enquiry
let expired: Enquiry
beforeEach(async () => {
  const email = `ada.${counter}@example.co.uk`
  ada = [
    await store(email, new Date('2025-01-10T09:00:00.000Z'), 'First enquiry about SEO, please.'),
    // Held back from the inbox as certain spam: still theirs to see and to have erased.
    await store(email.toUpperCase(), new Date('2026-06-01T10:00:00.000Z'), undefined, {
      level: 'certain',
      score: 12,
      reasons: ['The hidden field only bots can see was filled in'],
    }),
  ]
  // Four years old: past its retention, not yet removed by TTL (which deletes lazily).
  expired = await store(email, new Date('2022-11-01T08:00:00.000Z'))
  other = await store(`someone.${counter}@example.co.uk`, new Date('2026-02-02T10:00:00.000Z'))
})

const addressOf = (enquiry: Enquiry) => enquiry.email.toLowerCase()

describe('npm run dsar -- export', () => {
  it('writes every unexpired enquiry of the address, whatever its case, as JSON', async () => {
    const out = join(dir, `export-${counter}.json`)
    const run = await dsar(['export', '--email', ` ${addressOf(other).replace('someone', 'x')} `])
    expect(JSON.parse(run.out).count).toBe(0)

    const asked = await dsar([
      'export',
      '--email',
      addressOf(ada[0] as Enquiry).toUpperCase(),
      '--out',
      out,
    ])
    expect(asked.code).toBe(0)
    const document = JSON.parse(readFileSync(out, 'utf8'))
    expect(document.count).toBe(2)
    expect(document.exportedAt).toBe(now.toISOString())
    expect(document.enquiries).toEqual(
      ada.map((enquiry) => ({
        id: enquiry.id,
        sentAt: enquiry.createdAt,
        deleteBy: new Date(enquiry.expiresAt * 1000).toISOString(),
        firstName: enquiry.firstName,
        lastName: enquiry.lastName,
        email: enquiry.email,
        phone: enquiry.phone,
        company: enquiry.company,
        position: enquiry.position,
        message: enquiry.message,
        spamCheck: {
          level: enquiry.spamLevel,
          score: enquiry.spamScore,
          reasons: enquiry.spamReasons,
        },
      })),
    )
    expect(document.enquiries[1].spamCheck.level).toBe('certain')
    expect(JSON.stringify(document)).not.toContain(expired.id)
    expect(JSON.stringify(document)).not.toContain(other.id)
    // Personal data on disk: the operator's eyes only.
    expect(statSync(out).mode & 0o777).toBe(0o600)
    expect(asked.err).toContain('1 enquiry past retention, awaiting deletion, not exported.')
  })

  it('uses the by-email index: a query, never a scan', async () => {
    const run = await dsar(['export', '--email', addressOf(ada[0] as Enquiry)])
    expect(run.code, run.err.join('\n')).toBe(0)
    expect(operations).toEqual(['Query'])
  })

  it('logs one audit line: the address hashed, counts, time and operator', async () => {
    const email = addressOf(ada[0] as Enquiry)
    const run = await dsar(['export', '--email', email])
    expect(run.audit).toEqual([
      {
        time: now.toISOString(),
        event: 'dsar_export',
        subject: subjectReference(email),
        target: `${tableName} (${db.endpoint})`,
        operator: 'ops-tester',
        found: 3,
        expired: 1,
        exported: 2,
      },
    ])
    expect(subjectReference(email.toUpperCase())).toBe(subjectReference(email))
    expectNoPersonalData(run, email)
  })

  it('never writes over an existing file', async () => {
    const out = join(dir, 'taken.json')
    writeFileSync(out, 'keep me')
    const run = await dsar(['export', '--email', addressOf(ada[0] as Enquiry), '--out', out])
    expect(run.code).toBe(2)
    expect(readFileSync(out, 'utf8')).toBe('keep me')
  })
})

describe('npm run dsar -- erase', () => {
  it('deletes every enquiry of the address after a typed confirmation, and says how many', async () => {
    const email = addressOf(ada[0] as Enquiry)
    const run = await dsar(['erase', '--email', email.toUpperCase()], {
      isTTY: true,
      answer: 'erase',
    })
    expect(run.code).toBe(0)
    expect(run.asked).toHaveLength(1)
    // The operator sees which enquiries (by id and date) before confirming.
    for (const enquiry of [...ada, expired]) {
      expect(run.err.join('\n')).toContain(enquiry.id)
    }
    expect(run.err).toContain('Erased 3 enquiries.')
    for (const enquiry of [...ada, expired]) expect(await exists(enquiry.id)).toBe(false)
    expect(await exists(other.id)).toBe(true)
    expect(operations).not.toContain('Scan')
    expect(run.audit).toEqual([
      expect.objectContaining({
        event: 'dsar_erase',
        subject: subjectReference(email),
        found: 3,
        expired: 1,
        erased: 3,
        confirmed: true,
      }),
    ])
    expectNoPersonalData(run, email)
  })

  it('erases nothing unless the answer is "erase"', async () => {
    const run = await dsar(['erase', '--email', addressOf(ada[0] as Enquiry)], {
      isTTY: true,
      answer: 'y',
    })
    expect(run.code).toBe(1)
    expect(run.err).toContain('Nothing erased.')
    for (const enquiry of ada) expect(await exists(enquiry.id)).toBe(true)
    expect(run.audit[0]).toMatchObject({ erased: 0, confirmed: false })
  })

  it('refuses without a terminal unless --yes is given', async () => {
    const refused = await dsar(['erase', '--email', addressOf(ada[0] as Enquiry)])
    expect(refused.code).toBe(2)
    expect(refused.err.join('\n')).toMatch(/Refusing to erase without confirmation/)
    expect(operations).toEqual([])
    for (const enquiry of ada) expect(await exists(enquiry.id)).toBe(true)

    const confirmed = await dsar(['erase', '--email', addressOf(ada[0] as Enquiry), '--yes'])
    expect(confirmed.code).toBe(0)
    expect(confirmed.asked).toEqual([])
    for (const enquiry of ada) expect(await exists(enquiry.id)).toBe(false)
  })

  it('says so when there is nothing to erase', async () => {
    const run = await dsar(['erase', '--email', 'nobody@example.co.uk', '--yes'])
    expect(run.code).toBe(0)
    expect(run.audit[0]).toMatchObject({ found: 0, erased: 0 })
  })
})

describe('every file the request writes, checked before the table is touched', () => {
  it.each([
    ['a folder as the audit log', () => ['--audit-log', dir], 'that is a folder, not a file'],
    [
      'an audit log under a file',
      () => ['--audit-log', join(dir, 'plain.txt', 'audit.log')],
      'part of its path is a file, not a folder',
    ],
    [
      'an audit log in a missing folder',
      () => ['--audit-log', join(dir, 'no-such-folder', 'audit.log')],
      'its folder does not exist',
    ],
  ])('refuses %s with exit 2, erasing nothing', async (_name, extra, says) => {
    writeFileSync(join(dir, 'plain.txt'), 'a file')
    const email = addressOf(ada[0] as Enquiry)
    const run = await dsar(['erase', '--email', email, '--yes', ...extra()])
    expect(run.code).toBe(2)
    expect(run.err.join('\n')).toContain(`--audit-log ${extra()[1]}: ${says}.`)
    expect(run.audit).toEqual([])
    expect(operations).toEqual([])
    for (const enquiry of [...ada, expired]) expect(await exists(enquiry.id)).toBe(true)
  })

  it('refuses a folder as the export file, reading nothing', async () => {
    const run = await dsar(['export', '--email', addressOf(ada[0] as Enquiry), '--out', dir])
    expect(run.code).toBe(2)
    expect(run.err.join('\n')).toContain(`--out ${dir}: that is a folder, not a file.`)
    expect(operations).toEqual([])
    expect(run.out).toBe('')
  })

  it('appends to an existing audit log, and records the erasure there', async () => {
    const log = join(dir, 'existing-audit.log')
    writeFileSync(log, '{"earlier":"line"}\n')
    const run = await dsar([
      'erase',
      '--email',
      addressOf(ada[0] as Enquiry),
      '--yes',
      '--audit-log',
      log,
    ])
    expect(run.code).toBe(0)
    const lines = readFileSync(log, 'utf8').trimEnd().split('\n')
    expect(lines).toHaveLength(2)
    expect(JSON.parse(lines[1] as string)).toMatchObject({ event: 'dsar_erase', erased: 3 })
  })
})

describe('usage', () => {
  it.each([
    [['export'], '--email needs'],
    [['export', '--email', 'not an address'], '--email needs'],
    [['delete', '--email', 'ada@example.co.uk'], 'Say export or erase'],
    [['export', '--email', 'ada@example.co.uk', '--yes'], '--yes is for erase only'],
    [
      ['erase', '--email', 'ada@example.co.uk', '--out', 'x.json', '--yes'],
      '--out is for export only',
    ],
    [['export', '--email', 'ada@example.co.uk', '--bogus'], "Unknown option '--bogus'"],
    [
      ['export', '--email', 'ada@example.co.uk', '--out', '/no/such/folder/ada.json'],
      '--out /no/such/folder/ada.json: its folder does not exist.',
    ],
    [['export', '--email', 'ada@example.co.uk', '--timeout', '0'], '--timeout takes a number'],
  ])('refuses %j', async (args, message) => {
    const run = await dsar(args)
    expect(run.code).toBe(2)
    expect(run.err.join('\n')).toContain(message)
  })

  it('runs as `npm run dsar`, refusing to erase from a script without --yes', async () => {
    const result = await promisify(execFile)(
      'npm',
      [
        'run',
        '--silent',
        'dsar',
        '--',
        'erase',
        '--email',
        'ada@example.co.uk',
        '--table',
        tableName,
        '--endpoint',
        db.endpoint,
      ],
      { cwd: new URL('..', import.meta.url).pathname },
    ).catch((error: { code: number; stderr: string }) => error)
    expect(result).toMatchObject({ code: 2 })
    expect((result as { stderr: string }).stderr).toMatch(/Refusing to erase/)
  }, 30_000)
})
