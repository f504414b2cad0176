import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'

// Runs the bench end to end, briefly; it checks the figures are reported, never their values.
it('bench:api reports bundle size, init time, warm latency, load and faults', {
  timeout: 120_000,
}, async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      'bench/api.ts',
      ...['--invocations', '5', '--inits', '1'],
      ...['--connections', '2', '--duration', '1', '--max-requests', '100'],
    ],
    { cwd: new URL('..', import.meta.url).pathname },
  )
  expect(stdout).toMatch(/bundle, AWS SDK bundled \(shipped\): +[\d.]+ KB \([\d.]+ KB gzip\)/)
  expect(stdout).toMatch(/module init, SDK bundled: +[\d.]+ ms/)
  expect(stdout).toMatch(/warm invocations \(5\): p50 [\d.]+ ms, p99 [\d.]+ ms/)
  expect(stdout).toMatch(/[\d.]+ req\/s; latency p50 [\d.]+ ms, p99 [\d.]+ ms/)
  expect(stdout).toMatch(/2xx \d+, other \d+/)
  expect(stdout).toContain('stored enquiries = 201 answers with a distinct key')
  expect(stdout).toContain('the mailbox holds one e-mail per enquiry')
  expect(stdout).not.toContain('FAIL')
})
