import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  type EndpointBehaviour,
  type ScriptedEndpoint,
  startScriptedEndpoint,
} from '#functions/test-fixtures/test-support.ts'
import { localCredentials } from '#local/pipeline.ts'
import { runDsar } from './dsar-cli.ts'
import { runEnquiries } from './enquiries-cli.ts'

/**
 * The ops commands against a table endpoint that does not answer properly, on a real socket:
 * one that accepts and never answers (each SDK attempt ends at its own 3 s), one whose answer
 * drips (only the command's time limit ends it). Either way: exit 1, one line, no stack trace,
 * well within the limit.
 */
const hang: EndpointBehaviour = 'hang'
const drip: EndpointBehaviour = {
  body: '{"Items":[],"Count":0}'.padEnd(400),
  drip: { from: 'body', everyMs: 200 },
}
let table: ScriptedEndpoint | undefined

beforeEach(() => {
  vi.stubEnv('AWS_ACCESS_KEY_ID', localCredentials.accessKeyId)
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', localCredentials.secretAccessKey)
})
afterEach(async () => {
  vi.unstubAllEnvs()
  await table?.close()
  table = undefined
})

/** Runs one command against an endpoint that behaves so; what it said on stderr, and when. */
async function against(
  behaviour: EndpointBehaviour,
  run: (target: string[], err: (text: string) => void) => Promise<number>,
) {
  table = await startScriptedEndpoint(() => behaviour)
  const err: string[] = []
  const started = performance.now()
  const code = await run(['--table', 'enquiries', '--endpoint', table.url], (text) =>
    err.push(text),
  )
  return { code, err, ms: performance.now() - started }
}

const io = (err: (text: string) => void) => ({
  out: () => {},
  err,
  now: () => new Date(),
  env: {},
  isTTY: false,
  ask: async () => '',
})

describe('npm run enquiries against a table that does not answer', () => {
  it.each([
    [
      'accepts and never answers',
      hang,
      '20',
      /^Could not reach the enquiries table .*TimeoutError/,
    ],
    [
      'drips its answer',
      drip,
      '3',
      /^Stopped: list did not finish within 3 s; the enquiries table/,
    ],
  ])(
    'ends within its limit, in one line, when it %s',
    async (_label, how, limit, says) => {
      const run = await against(how, (target, err) =>
        runEnquiries(['list', '--undelivered', '--timeout', limit, ...target], io(err)),
      )
      expect(run.code).toBe(1)
      expect(run.err).toEqual([expect.stringMatching(says)])
      expect(run.ms).toBeLessThan(8_000)
    },
    15_000,
  )

  it('ends as a process too, in one line and no stack trace, while a connection still drips', async () => {
    table = await startScriptedEndpoint(() => drip)
    const args = [
      'list',
      '--spam',
      '--timeout',
      '2',
      '--table',
      'enquiries',
      '--endpoint',
      table.url,
    ]
    const result = await promisify(execFile)(
      'npm',
      ['run', '--silent', 'enquiries', '--', ...args],
      { cwd: new URL('..', import.meta.url).pathname, timeout: 20_000 },
    ).catch((error: { code: number; stderr: string }) => error)
    expect(result).toMatchObject({ code: 1 })
    expect((result as { stderr: string }).stderr).toMatch(
      /^Stopped: list did not finish within 2 s; [^\n]+\n$/,
    )
  }, 30_000)
})

describe('npm run dsar against a table that does not answer', () => {
  it.each([
    ['accepts and never answers', hang, '20', /^The request failed: TimeoutError/],
    [
      'drips its answer',
      drip,
      '3',
      /^Stopped: export did not finish within 3 s; the enquiries table enquiries \(http:.* Run it again/,
    ],
  ])(
    'ends the request within its limit, in one line, when it %s',
    async (_l, how, limit, says) => {
      const run = await against(how, (target, err) =>
        runDsar(['export', '--email', 'ada@example.co.uk', '--timeout', limit, ...target], io(err)),
      )
      expect(run.code).toBe(1)
      expect(run.err).toEqual([expect.stringMatching(says)])
      expect(run.ms).toBeLessThan(8_000)
    },
    15_000,
  )
})
