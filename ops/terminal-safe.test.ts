import { PutCommand } from '@aws-sdk/lib-dynamodb'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildEnquiry } from '#functions/enquiries/item.ts'
import { validSubmission } from '#functions/test-fixtures/test-support.ts'
import { recordingDynalite } from '#local/testing/recording-dynalite.ts'
import { terminalIo } from './command.ts'
import { runEnquiries } from './enquiries-cli.ts'
import { terminalSafe } from './terminal-safe.ts'

/**
 * What an ops command prints reaches an operator's terminal: a visitor's stored text must not
 * reverse the rest of a line (U+202E), break it where it seems whole (NEL, U+2028), overwrite it
 * (a carriage return) or drive the terminal (ESC).
 */
const db = recordingDynalite()
const tableName = 'enquiries-terminal'

afterEach(() => vi.restoreAllMocks())

/** What the process writes to stdout while `run` runs. */
async function stdoutOf(run: () => Promise<unknown>): Promise<string> {
  let written = ''
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    written += String(chunk)
    return true
  })
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
  await run()
  return written
}

describe('terminal-safe output', () => {
  it('shows bidi, control and line-separator characters as [U+XXXX], as the e-mails do', () => {
    expect(terminalSafe('invoice\u202Efdp.exe')).toBe('invoice[U+202E]fdp.exe')
    expect(terminalSafe('a\u0085b\u2028c\u2029d')).toBe('a[U+0085]b[U+2028]c[U+2029]d')
    expect(terminalSafe('\u001b[2Jcleared')).toBe('[U+001B][2Jcleared')
    expect(terminalSafe('real\rfake')).toBe('real[U+000D]fake')
    expect(terminalSafe('zero\u200Bwidth')).toBe('zero[U+200B]width')
    // The command's own layout and what a person sees stay as they are.
    expect(terminalSafe('line one\n\tline two, café, 👩‍💻\n')).toBe(
      'line one\n\tline two, café, 👩‍💻\n',
    )
  })

  it('is what every command writes to the terminal', async () => {
    const written = await stdoutOf(async () => terminalIo.out('left\u202Eright\n'))
    expect(written).toBe('left[U+202E]right\n')
  })

  it('npm run enquiries -- show prints a stored U+202E, NEL and U+2028 as [U+XXXX]', async () => {
    await db.createEnquiryTable(tableName)
    const id = '0d9e5a1c-7b2f-4c3d-9e4f-00000000e202'
    const enquiry = buildEnquiry(
      {
        ...validSubmission,
        company: 'Acme\u202E Ltd',
        position: 'Head\u0085of sales',
        message: 'Please call me back.\u2028Email: forged@example.com',
      },
      id,
      new Date(),
    )
    await db.client.send(new PutCommand({ TableName: tableName, Item: enquiry }))
    const written = await stdoutOf(() =>
      runEnquiries(['show', id, '--table', tableName, '--endpoint', db.endpoint], {
        ...terminalIo,
        now: () => new Date(),
      }),
    )
    expect(written).toContain('Acme[U+202E] Ltd')
    expect(written).toContain('Head[U+0085]of sales')
    expect(written).toContain('Please call me back.[U+2028]Email: forged@example.com')
    expect(written).not.toMatch(/[\u202E\u0085\u2028]/)
  })
})
