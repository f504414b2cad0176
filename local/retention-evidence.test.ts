import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PutCommand } from '@aws-sdk/lib-dynamodb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildEnquiry } from '#functions/enquiries/item.ts'
import { silentLogger } from '#functions/log.ts'
import { runEnquiries } from '#ops/enquiries-cli.ts'
import { runAuditCommand } from '#ops/retention-audit-cli.ts'
import { readMailbox } from './mailbox.ts'
import { type LocalPipeline, startLocalPipeline } from './pipeline.ts'
import { findLocalTable } from './table-target.ts'
import { localStackEnv, runSaying } from './testing/ops-commands.ts'

/**
 * The monthly retention evidence end to end on the local stack, with the same code the deployed
 * function runs: `npm run enquiries -- evidence` reads the stored enquiries' timestamps, files the
 * report under .data (here a scratch folder) and e-mails it to the mailbox; the report and the
 * e-mail carry no name, address, phone, company or message of any stored enquiry.
 */
const people = [
  {
    firstName: 'Zebedee',
    lastName: 'Quartermaine',
    email: 'zebedee.q@quokka-holdings.example',
    phone: '07700 900123',
    company: 'Quokka Holdings',
    position: 'Director of Marsupials',
    message: 'Confidential: our quokka launch plans need a new website by spring.',
  },
  {
    firstName: 'Ysolde',
    lastName: 'Farthingale',
    email: 'ysolde@farthingale-and-daughters.example',
    phone: '020 7946 0999',
    company: 'Farthingale & Daughters',
    position: 'Owner',
    message: 'Private message about the Farthingale merger, please do not share.',
  },
]
const DAY = 86_400_000

let stack: LocalPipeline
let dir: string
let env: Record<string, string>

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'evidence-'))
  stack = await startLocalPipeline({
    retryIntervalMs: false,
    log: silentLogger,
    dataDir: join(dir, 'dynamodb'),
  })
  env = localStackEnv(stack)
  const now = Date.now()
  for (const [index, person] of people.entries()) {
    const enquiry = buildEnquiry(
      person,
      `00000000-0000-4000-8000-00000000000${index}`,
      new Date(now - (index + 1) * 40 * DAY),
    )
    await stack.table.send(
      new PutCommand({ TableName: stack.config.enquiriesTable, Item: enquiry }),
    )
  }
  const synthetic = buildEnquiry(
    people[0] as (typeof people)[0],
    '00000000-0000-4000-8000-000000000009',
    new Date(now - 2 * DAY),
    undefined,
    { synthetic: true },
  )
  await stack.table.send(
    new PutCommand({ TableName: stack.config.enquiriesTable, Item: synthetic }),
  )
}, 60_000)
afterAll(async () => {
  await stack?.close()
  rmSync(dir, { recursive: true, force: true })
})

const evidence = () =>
  runSaying(runEnquiries, ['evidence'], env, { localDataDir: join(dir, 'dynamodb') })

const personalData = people.flatMap((person) => Object.values(person))

describe('npm run enquiries -- evidence, on the local stack', () => {
  it('files a report with no personal data and e-mails it to the auditor, now', async () => {
    const { code, said } = await evidence()
    expect(said).toMatch(
      /^Filed the retention report \(PASS\): .*retention-evidence\/local\/\S+\.md and .*\.json; e-mailed to \S+: see the mailbox/m,
    )
    expect(code).toBe(0)
    const folder = join(dir, 'retention-evidence', 'retention-evidence', 'local')
    const files = readdirSync(folder)
    expect(files.filter((file) => file.endsWith('.md'))).toHaveLength(1)
    const markdown = readFileSync(
      join(folder, files.find((f) => f.endsWith('.md')) as string),
      'utf8',
    )
    const json = readFileSync(
      join(folder, files.find((f) => f.endsWith('.json')) as string),
      'utf8',
    )
    expect(markdown).toMatch(/^# Retention evidence, stage local, \d{4}-\d\d-\d\d/)
    expect(markdown).toMatch(
      /\| PASS \| Oldest stored enquiry of enquiries \(eu-west-2\) \| created \S+, 80 days ago/,
    )
    expect(markdown).toMatch(
      /\| INFO \| Synthetic enquiries of enquiries .* \| 1 of the canary's enquiries older than 1 day/,
    )
    expect(JSON.parse(json).data[0]).toMatchObject({ read: 3, complete: true, pastSlack: 0 })
    const [mail] = (await readMailbox(stack.mailboxUrl)).filter((email) =>
      /^Retention evidence/.test(email.subject),
    )
    expect(mail?.subject).toMatch(/^Retention evidence \d{4}-\d\d, stage local: PASS$/)
    expect(mail?.body.text).toContain('SHA-256 of the Markdown report:')
    console.info(
      `Local report: ${Buffer.byteLength(markdown)} bytes of Markdown, ${Buffer.byteLength(json)} of JSON`,
    )
    for (const text of [
      markdown,
      json,
      mail?.subject ?? '',
      mail?.body.text ?? '',
      mail?.body.html ?? '',
    ]) {
      for (const value of personalData) {
        expect(text.toLowerCase()).not.toContain(value.toLowerCase())
      }
    }
  }, 60_000)

  it('names an enquiry kept past its 3 years, exits 1, and says FAIL in the subject', async () => {
    const created = new Date(Date.now() - (3 * 365 + 12) * DAY)
    const old = buildEnquiry(
      people[1] as (typeof people)[1],
      '00000000-0000-4000-8000-00000000000a',
      created,
    )
    await stack.table.send(new PutCommand({ TableName: stack.config.enquiriesTable, Item: old }))
    const { code, said } = await evidence()
    expect(code).toBe(1)
    expect(said).toMatch(/Filed the retention report \(2 FAIL\)/)
    const mails = (await readMailbox(stack.mailboxUrl)).filter((email) =>
      /^Retention evidence/.test(email.subject),
    )
    expect(mails.at(-1)?.subject).toMatch(/stage local: 2 FAIL$/)
    expect(mails.at(-1)?.body.text).toMatch(
      /- Items past their expiry of enquiries \(eu-west-2\): 1 past expiresAt by more than 7 days/,
    )
  }, 60_000)

  it('runs as npm run audit:retention -- --local, with the same code', async () => {
    let out = ''
    const code = await runAuditCommand(['--local'], {
      out: (text) => {
        out += text
      },
      err: (text) => {
        out += text
      },
      now: () => new Date(),
      live: { findLocalTable: () => findLocalTable(undefined, env) },
    })
    expect(out).toMatch(/^Live retention check of stage local/)
    expect(out).toMatch(/^FAIL {2}Oldest stored enquiry of enquiries/m)
    expect(code).toBe(1)
  }, 60_000)
})
