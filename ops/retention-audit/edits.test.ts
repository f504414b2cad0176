import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { usage } from '../retention-audit-cli.ts'
import {
  brokenBuilds,
  breakingEdits as policyEdits,
  scratchCopy,
} from '../testing/retention-edits.ts'
import { copyEdits } from '../testing/retention-edits-copies.ts'
import { denyByDefaultEdits } from '../testing/retention-edits-deny-by-default.ts'

/**
 * The retention audit against real edits of the infrastructure code. Each edit is made to a
 * scratch copy of the code (infra/, shared/, functions/, cdk.json), and that copy's own
 * `audit:retention` entry point runs on it, synthesising the edited app. Every edit that breaks
 * the policy must end in exit 1 with a FAIL line naming it; every misuse of the command line in
 * exit 2 with a usage line; an app that does not build in exit 2 with one error line; never a
 * stack trace. All runs share one Node process (each copy importing its own code, all sharing
 * the installed aws-cdk-lib), so each costs a synthesis, not a start-up.
 */
const repo = new URL('../../', import.meta.url).pathname
/** Edits breaking a line of the policy, then edits only a deny-by-default audit refuses. */
const breakingEdits = [...policyEdits, ...denyByDefaultEdits, ...copyEdits]

let root: string
const files = () => ({
  missing: join(root, 'missing.template.json'),
  notJson: join(root, 'not-json.template.json'),
  noResources: join(root, 'empty.template.json'),
})

const misuses: readonly (readonly [name: string, args: () => string[], says: RegExp])[] = [
  ['a missing template', () => ['--template', files().missing], /--template .*: no such file/],
  ['a template that is not JSON', () => ['--template', files().notJson], /: not JSON$/m],
  [
    'JSON that is no template',
    () => ['--template', files().noResources],
    /not a CloudFormation template/,
  ],
  [
    '--out into a missing folder',
    () => ['--skip-live', '--out', join(root, 'no/such/r.md')],
    /--out .*: no folder/,
  ],
  [
    'a folder of no synthesised stacks',
    () => ['--template', root],
    /--template .*: a folder with no synthesised stacks in it/,
  ],
  ['--out naming a folder', () => ['--skip-live', '--out', root], /: that is a folder/],
  ['an unknown flag', () => ['--bogus'], /Unknown option '--bogus'/],
  ['an argument without a flag', () => ['extra'], /Unexpected argument 'extra'/],
  ['-c without a value', () => ['-c', 'waf'], /-c takes key=value, not waf/],
  ['an unknown context key', () => ['-c', 'colour=blue'], /-c colour: not a setting of this app/],
  ['an unknown stage', () => ['-c', 'stage=demo'], /There is no stage "demo": .*prod, staging/],
  [
    'a setting without a stage',
    () => ['-c', 'waf=true'],
    /waf: name the stage they are for with -c stage=NAME/,
  ],
  [
    'a bad setting value',
    () => ['-c', 'stage=staging', '-c', 'waf=maybe'],
    /Invalid settings for stage staging: waf must be true or false/,
  ],
  [
    'a digest schedule more often than hourly',
    () => ['-c', 'stage=prod', '-c', 'digestSchedule=rate(5 minutes)'],
    /digestSchedule: an EventBridge schedule in UTC, at most hourly/,
  ],
  [
    'an override that takes a part of the stage away',
    () => ['-c', 'stage=prod', '-c', 'waf=false'],
    /Refused: -c waf=false for stage prod: it would remove the WAF web ACL/,
  ],
  [
    'an override that moves the stage',
    () => ['-c', 'stage=staging', '-c', 'region=eu-west-1'],
    /region is where the stage is, not how it is set up/,
  ],
  [
    '--deployed with a repository flag',
    () => ['--deployed', 'prod', '--skip-live'],
    /--deployed checks what runs: -c, --template and --skip-live are for the repository's audit/,
  ],
  [
    '--deployed and --local together',
    () => ['--deployed', 'prod', '--local'],
    /one place at a time/,
  ],
  [
    '--timeout without a live check',
    () => ['--timeout', '30'],
    /--timeout is for --deployed and --local/,
  ],
  [
    '--deployed of a stage that is not committed',
    () => ['--deployed', 'demo'],
    /There is no stage "demo"/,
  ],
  [
    '-c with --template',
    () => ['-c', 'waf=true', '--template', files().noResources],
    /-c applies to the synthesis/,
  ],
]

interface Outcome {
  readonly code: number
  readonly out: string
  readonly err: string
}

const runner = `
import { readFileSync, writeFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
const results = []
for (const { dir, args } of JSON.parse(readFileSync(process.argv[2], 'utf8'))) {
  const outcome = { code: -1, out: '', err: '' }
  // As npm runs it: from the copy's root (the CDK finds the project's lock file from there).
  process.chdir(dir)
  try {
    const { runAuditCommand } = await import(pathToFileURL(dir + '/ops/retention-audit-cli.ts'))
    outcome.code = await runAuditCommand(args, {
      out: (text) => { outcome.out += text },
      err: (text) => { outcome.err += text + '\\n' },
      now: () => new Date(),
    })
  } catch (error) {
    outcome.err += 'the entry point threw: ' + (error && error.stack)
  }
  results.push(outcome)
}
writeFileSync(process.argv[3], JSON.stringify(results))
`

/** Runs the audit of each directory with its arguments, all in one Node process. */
async function audits(
  runs: readonly { dir: string; args: readonly string[] }[],
): Promise<Outcome[]> {
  const input = join(root, `runs-${Date.now()}.json`)
  const output = `${input}.out`
  writeFileSync(join(root, 'runner.mjs'), runner)
  writeFileSync(input, JSON.stringify(runs))
  await promisify(execFile)(process.execPath, [join(root, 'runner.mjs'), input, output], {
    cwd: repo,
    timeout: 600_000,
    maxBuffer: 64 * 1024 * 1024,
  })
  return JSON.parse(readFileSync(output, 'utf8')) as Outcome[]
}

const noStackTrace = /^\s+at .+:\d+:\d+\)?$/m

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'audit-edits-'))
  writeFileSync(files().notJson, 'Resources: not json')
  writeFileSync(files().noResources, '{}')
})
// Some 30 scratch copies of the code: removing them takes longer than a hook's 10 s on a busy disk.
afterAll(() => rmSync(root, { recursive: true, force: true }), 120_000)

describe('the retention audit against real edits of the infrastructure', () => {
  it(`names each of ${breakingEdits.length} breaking edits with a FAIL line and exits 1`, async () => {
    expect(policyEdits.length).toBeGreaterThanOrEqual(20)
    expect(denyByDefaultEdits.length).toBeGreaterThanOrEqual(14)
    expect(copyEdits.length).toBeGreaterThanOrEqual(7)
    const outcomes = await audits(
      breakingEdits.map((edit, index) => ({
        dir: scratchCopy(root, `edit-${index}`, edit),
        args: ['--skip-live', ...(edit.args ?? [])],
      })),
    )
    const matrix = breakingEdits.map((edit, index) => {
      const { code, out } = outcomes[index] as Outcome
      const line = out.split('\n').find((candidate) => edit.names.test(candidate)) ?? '(none)'
      return { edit: edit.name, code, line }
    })
    console.info(
      [
        'Breaking edit → exit code, the FAIL line that names it',
        ...matrix.map((row) => `${row.code}  ${row.edit}\n     ${row.line.slice(0, 180)}`),
      ].join('\n'),
    )
    for (const [index, edit] of breakingEdits.entries()) {
      const outcome = outcomes[index] as Outcome
      expect(outcome.err, edit.name).not.toMatch(noStackTrace)
      expect(outcome.code, `${edit.name}\n${outcome.out}${outcome.err}`).toBe(1)
      expect(outcome.out, edit.name).toMatch(edit.names)
      expect(outcome.out, edit.name).toContain('The policy is broken: see FAIL above.')
    }
  }, 600_000)

  it('answers an app that does not build with one error line and exit 2', async () => {
    const outcomes = await audits(
      brokenBuilds.map((edit, index) => ({
        dir: scratchCopy(root, `broken-${index}`, edit),
        args: ['--skip-live'],
      })),
    )
    for (const [index, edit] of brokenBuilds.entries()) {
      const outcome = outcomes[index] as Outcome
      expect(outcome.code, `${edit.name}\n${outcome.err}`).toBe(2)
      expect(outcome.err.trimEnd().split('\n'), edit.name).toHaveLength(1)
      expect(outcome.err.trimEnd(), edit.name).toMatch(edit.names)
      expect(outcome.out, edit.name).toBe('')
    }
  }, 300_000)

  it('answers each misuse of its command line with a usage line and exit 2', async () => {
    const outcomes = await audits(misuses.map(([, args]) => ({ dir: repo, args: args() })))
    for (const [index, [name, , says]] of misuses.entries()) {
      const outcome = outcomes[index] as Outcome
      expect(outcome.code, `${name}\n${outcome.err}`).toBe(2)
      expect(outcome.err, name).toMatch(says)
      expect(outcome.err.trimEnd().split('\n'), name).toEqual([
        expect.stringMatching(/^audit:retention: /),
        usage,
      ])
      expect(outcome.out, name).toBe('')
    }
  }, 120_000)
})
