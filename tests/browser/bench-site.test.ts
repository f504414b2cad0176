import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { expect, inject, it } from 'vitest'

// `npm run bench` end to end, on one page and one run, against this run's build: it checks the
// figures are reported, never their values (timings on a shared machine say nothing here).
it('bench/site.ts measures a page, prints it with its targets and writes the results file', {
  timeout: 180_000,
}, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-site-'))
  const out = join(dir, 'results.json')
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        'bench/site.ts',
        ...['--runs', '1', '--only', '/404.html'],
        ...['--dist', inject('distDir'), '--out', out],
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    )
    expect(stdout).toContain('Lighthouse mobile preset, simulated throttling, median of 1 run(s)')
    expect(stdout).toContain('404 (any unknown path)')
    expect(stdout).toMatch(/Targets \(scores 100, .*\): met on \d of 1 pages/)

    const results = JSON.parse(readFileSync(out, 'utf8'))
    expect(results).toMatchObject({ preset: 'mobile', runs: 1 })
    // What machine the figures come from: Lighthouse's own measure of its speed.
    expect(stdout).toMatch(/Benchmark index of this machine \d+/)
    expect(results.benchmarkIndex).toBeGreaterThan(0)
    expect(results.rows).toHaveLength(1)
    const [row] = results.rows
    expect(row).toMatchObject({ path: '/404.html', kind: '404' })
    for (const key of ['htmlBrotli', 'jsBrotli', 'performance', 'seo', 'lcpMs', 'tbtMs', 'cls']) {
      expect(row[key]).toEqual(expect.any(Number))
      expect(Number.isNaN(row[key])).toBe(false)
    }
    expect(row.misses).toEqual(expect.any(Array))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
