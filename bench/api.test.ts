import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'

// Runs the bench end to end, briefly; it checks the figures are reported, never their values.
it('bench:api reports bundle size, init time, cold-start CPU beside the bare SDK clients, warm latency, load and faults', {
  timeout: 120_000,
}, async () => {
  // Five seconds at most 100 requests: an outage placed in the middle of a one-second run could
  // open and close between two answers on a busy machine.
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      'bench/api.ts',
      ...['--invocations', '5', '--inits', '1', '--cold-runs', '1'],
      ...['--connections', '2', '--duration', '5', '--max-requests', '100'],
    ],
    { cwd: new URL('..', import.meta.url).pathname },
  ).catch((error: { stdout?: string; message: string }) => {
    // The checks that failed, not only the exit code.
    const failed = (error.stdout ?? '').split('\n').filter((line) => line.includes('FAIL'))
    throw new Error(`${error.message}\n${failed.join('\n')}`)
  })
  expect(stdout).toMatch(/bundle, AWS SDK bundled \(shipped\): +[\d.]+ KB \([\d.]+ KB gzip\)/)
  expect(stdout).toMatch(/module init, SDK bundled: +[\d.]+ ms/)
  expect(stdout).toMatch(
    /import CPU, bare SDK clients \(DynamoDB \+ SES\): +[\d.]+ ms +1\.00× bare/,
  )
  expect(stdout).toMatch(/import CPU, contact: +[\d.]+ ms +[\d.]+× bare/)
  expect(stdout).toMatch(/import CPU, enquiry sender: +[\d.]+ ms/)
  expect(stdout).toMatch(/first-request CPU, contact: +[\d.]+ ms/)
  expect(stdout).toMatch(/warm invocations \(5\): p50 [\d.]+ ms, p99 [\d.]+ ms/)
  expect(stdout).toMatch(/[\d.]+ req\/s; latency p50 [\d.]+ ms, p99 [\d.]+ ms/)
  expect(stdout).toMatch(/2xx \d+, other \d+/)
  expect(stdout).toContain('stored enquiries = 201 answers with a distinct key')
  expect(stdout).toContain('the mailbox holds one e-mail per enquiry')
  expect(stdout).not.toContain('FAIL')
})
