import { readFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { TimeBudget } from './checks.ts'
import { runMigrate } from './migrate-cli.ts'
import { stageConfig } from './stage-command.ts'
import { checkMigration } from './table-migration.ts'
import { MigratingAccount, tableName } from './testing/migrating-account.ts'

/**
 * Moving an existing deployment's data into its own stack, replayed as docs/deploy.md writes it
 * (every command of that section, in order) against a recorded account whose table, deployed
 * before the enquiry sender, has no stream. The npm run migrate steps run for real against it;
 * the other commands change the account as AWS would (./testing/migrating-account.ts).
 */
const deployMd = new URL('../docs/deploy.md', import.meta.url)

/** The shell commands of the migration section, in the order the reader meets them. */
function documentedCommands(markdown: string): string[] {
  const start = markdown.indexOf("## Moving an existing deployment's data into its own stack")
  const end = markdown.indexOf('\n## ', start + 1)
  const section = markdown.slice(start, end)
  const found: { at: number; command: string }[] = []
  for (const block of section.matchAll(/```sh\n([\s\S]*?)```/g)) {
    let heredoc: string | undefined
    const lines = (block[1] ?? '').replace(/\\\n\s*/g, ' ').split('\n')
    lines.forEach((raw, index) => {
      const line = raw.trim()
      if (heredoc) {
        if (line === heredoc) heredoc = undefined
        return
      }
      heredoc = /<<'(\w+)'$/.exec(line)?.[1]
      if (line) found.push({ at: (block.index ?? 0) + index, command: line })
    })
  }
  const prose = section.replace(/```[\s\S]*?```/g, (fenced) => ' '.repeat(fenced.length))
  for (const span of prose.matchAll(/`([^`]+)`/g)) {
    const text = span[1] ?? ''
    if (/^(npm run |npx cdk |aws )/.test(text)) found.push({ at: span.index ?? 0, command: text })
  }
  return found.sort((a, b) => a.at - b.at).map(({ command }) => command)
}

let account: MigratingAccount
beforeEach(() => {
  account = new MigratingAccount()
})
afterEach(() => account.restore())

/** What each documented command does to the account; the migrate steps run for real. */
async function replay(documented: string, lines: string[]): Promise<void> {
  const command = documented
    .replaceAll('<table>', tableName)
    .replace(/<[^>]+>/g, 'x')
    .replace(/\s+/g, ' ')
  const migrate = /^npm run migrate -- (.+)$/.exec(command)
  if (migrate) {
    const out: string[] = []
    const io = {
      out: (text: string) => out.push(text),
      err: (text: string) => out.push(text),
      env: {},
    }
    const code = await runMigrate((migrate[1] ?? '').split(' '), io, 5)
    lines.push(...out.join('').trim().split('\n'))
    if (code !== 0) throw new Error(`${command} exited ${code}:\n${out.join('')}`)
    return
  }
  // Reads, builds and files: nothing changes in the account.
  if (
    /^(npm run (synth|build)|aws cloudformation describe-stack-resources|cat > |npm run enquiries -- list|npm run verify -- prod$)/.test(
      command,
    )
  ) {
    return
  }
  if (/^npm run deploy -- prod -c migrateTable=/.test(command)) return account.release()
  if (/npx cdk import -c stage=prod prod\/Data /.test(command)) return account.importIntoDataStack()
  if (command === 'npm run deploy -- prod') return account.deploy()
  if (command === 'npm run diff -- prod') {
    account.templatesCompared = true
    return
  }
  throw new Error(`The replay does not know "${command}": say here what it does to the account`)
}

describe('moving a deployment’s data into its stack, as docs/deploy.md says', () => {
  it('turns the stream on, deploys the sender on it, and checks the live table and the stack’s drift', async () => {
    const commands = documentedCommands(readFileSync(deployMd, 'utf8'))
    const lines: string[] = []
    for (const command of commands) await replay(command, lines)
    expect(account.stream?.viewType).toBe('NEW_IMAGE')
    expect(account.mapping).toMatchObject({ State: 'Enabled', EventSourceArn: account.stream?.arn })
    // The stream step confirmed it by describe-table; the last step read the live stage.
    expect(lines).toContainEqual(
      expect.stringMatching(/^PASS\s+table stream\s+turned on \(NEW_IMAGE\)/),
    )
    expect(lines).toContainEqual(
      expect.stringMatching(/^PASS\s+data stack drift\s+ElevateDigital-Data IN_SYNC/),
    )
    expect(lines).toContainEqual(
      expect.stringMatching(/^PASS\s+enquiry sender\s+mapping .* enabled/),
    )
    expect(account.templatesCompared).toBe(false)
  })

  it('fails on the steps without the stream one: the deploy rolls back on StreamArn, and the check names the stream', async () => {
    const commands = documentedCommands(readFileSync(deployMd, 'utf8')).filter(
      (command) => !/^npm run migrate -- prod stream/.test(command),
    )
    const lines: string[] = []
    await expect(
      (async () => {
        for (const command of commands) await replay(command, lines)
      })(),
    ).rejects.toThrow(/the table has no stream, so GetAtt StreamArn fails/)
    // What the live check says of that stage, where a template diff says nothing.
    const results = await checkMigration(stageConfig('prod', {}), new TimeBudget(10_000), 5)
    expect(results.filter((result) => result.outcome === 'FAIL')).toEqual([
      expect.objectContaining({
        check: 'data stack drift',
        detail: expect.stringMatching(
          /DRIFTED: EnquiriesTable7DAAED76 .* MODIFIED: \/StreamSpecification .*npm run migrate -- prod stream --table NAME/,
        ),
      }),
      expect.objectContaining({ check: 'table stream', detail: expect.stringMatching(/^off: /) }),
      expect.objectContaining({
        check: 'enquiry sender',
        detail: expect.stringMatching(/the site stack has no enquiry sender/),
      }),
    ])
  })

  it('leaves a stream already on alone, and refuses another table or another record type', async () => {
    account.stream = { viewType: 'NEW_IMAGE', arn: 'arn:…/stream/1' }
    const run = async (...args: string[]) => {
      const out: string[] = []
      const io = {
        out: (text: string) => out.push(text),
        err: (text: string) => out.push(text),
        env: {},
      }
      return { code: await runMigrate(args, io, 5), out: out.join('') }
    }
    expect(await run('prod', 'stream', '--table', tableName)).toMatchObject({
      code: 0,
      out: expect.stringMatching(/PASS\s+table stream\s+already on \(NEW_IMAGE\)/),
    })
    account.stream = { viewType: 'KEYS_ONLY', arn: 'arn:…/stream/2' }
    expect(await run('prod', 'stream', '--table', tableName)).toMatchObject({
      code: 1,
      out: expect.stringMatching(
        /FAIL\s+table stream\s+on with KEYS_ONLY records, not NEW_IMAGE.*turn it off/,
      ),
    })
    expect(await run('prod', 'stream', '--table', 'SomeOtherTable')).toMatchObject({ code: 1 })
    expect(await run('prod', 'stream')).toMatchObject({
      code: 2,
      out: expect.stringMatching(/The stream step needs --table NAME/),
    })
  })
})
