import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'

// Runs the bench end to end, briefly; it checks the figures are reported, never their values.
// Its load and fault runs are the fault tests' (local/faults.test.ts): they run the same
// scenarios with the same report, and check its lines, so each scenario runs once per test run.
it('bench:api reports bundle size, init time, warm latency, load and faults', {
  timeout: 120_000,
}, async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      'bench/api.ts',
      ...['--invocations', '5', '--inits', '1', '--cold-runs', '1', '--arrivals', '5'],
      '--skip-faults',
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
  expect(stdout).toMatch(
    /p50 \d+ ms, p95 \d+ ms, max \d+ ms\n +target: p95 within 2000 ms: (met|MISSED)/,
  )
  expect(stdout).toMatch(/warm invocations \(5\): p50 [\d.]+ ms, p99 [\d.]+ ms/)
  expect(stdout).not.toContain('FAIL')
})
