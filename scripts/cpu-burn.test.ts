import { execFile } from 'node:child_process'
import { availableParallelism } from 'node:os'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { maxSeconds, parseBurnOptions } from './cpu-burn.ts'

describe('cpu-burn options', () => {
  it('defaults to one worker per core for a minute', () => {
    expect(parseBurnOptions([])).toEqual({ workers: availableParallelism(), seconds: 60 })
  })

  it.each([
    [['--seconds', '0'], /--seconds/],
    [['--seconds', String(maxSeconds + 1)], /at most 3600/],
    [['--seconds', 'forever'], /--seconds/],
    [['--workers', '0'], /--workers/],
    [['--workers', '1.5'], /--workers/],
    [['--bogus'], /Unknown option/],
  ])('refuses %j: a burner that never stops would hog a shared machine', (args, message) => {
    expect(() => parseBurnOptions(args)).toThrow(message)
  })
})

describe('npm run cpu-burn', () => {
  it('keeps a core busy for the time asked, then exits by itself', async () => {
    const started = Date.now()
    const { stdout } = await promisify(execFile)(
      'npm',
      ['run', '--silent', 'cpu-burn', '--', '--seconds', '1', '--workers', '1'],
      { cwd: new URL('..', import.meta.url).pathname, timeout: 20_000 },
    )
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000)
    expect(stdout).toMatch(/1 worker\(s\) spinning for 1 s/)
    expect(stdout).toMatch(/done after 1\.\d s/)
  }, 30_000)
})
