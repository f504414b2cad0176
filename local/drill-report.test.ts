import { describe, expect, it } from 'vitest'
import {
  type DrillResult,
  deployedDrainMs,
  drillExitCode,
  drillLine,
  formatDuration,
  formatStatuses,
  percentile,
} from './drill-report.ts'

const result = (oks: boolean[], figures = ['12 answers']): DrillResult => ({
  name: 'DynamoDB hung 20 s',
  checks: oks.map((ok, index) => ({ name: `check ${index + 1}`, ok })),
  figures,
})

describe('the drill report', () => {
  it('prints PASS with the figures when every check holds', () => {
    expect(drillLine(result([true, true], ['201×40 503×12', 'max 7.9 s']))).toBe(
      'PASS  DynamoDB hung 20 s: 201×40 503×12, max 7.9 s',
    )
  })

  it('prints FAIL naming every check that did not hold', () => {
    expect(drillLine(result([true, false, false]))).toBe(
      'FAIL  DynamoDB hung 20 s: 12 answers; failed: check 2; check 3',
    )
  })

  it('never passes a drill that checked nothing', () => {
    expect(drillLine(result([], []))).toBe('FAIL  DynamoDB hung 20 s: failed: no check ran')
    expect(drillExitCode([result([])])).toBe(1)
  })

  it('exits 1 on any FAIL, 0 only when all pass', () => {
    expect(drillExitCode([result([true]), result([true, true])])).toBe(0)
    expect(drillExitCode([result([true]), result([false])])).toBe(1)
    expect(drillExitCode([])).toBe(1)
  })

  it('counts answers by status', () => {
    expect(formatStatuses([503, 201, 201, 0])).toBe('no answer×1 201×2 503×1')
    expect(formatStatuses([])).toBe('none')
  })

  it('takes nearest-rank percentiles', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1)
    expect(percentile(values, 0.5)).toBe(50)
    expect(percentile(values, 0.99)).toBe(99)
    expect(percentile(values, 1)).toBe(100)
    expect(percentile([], 0.5)).toBe(0)
  })

  it('writes durations as people read them', () => {
    expect(formatDuration(850.4)).toBe('850 ms')
    expect(formatDuration(12_345)).toBe('12.3 s')
    expect(formatDuration(200_000)).toBe('3 min 20 s')
    expect(formatDuration(12_000_000)).toBe('3 h 20 min')
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('never')
  })

  it('estimates the deployed drain from one run’s throughput and the schedule', () => {
    // The first schedule's figures: 2,000 pending at 50 a run, every 5 minutes: 3 h 20 min.
    expect(formatDuration(deployedDrainMs(2_000, 50, 5 * 60_000))).toBe('3 h 20 min')
    expect(deployedDrainMs(2_000, 500, 60_000)).toBe(4 * 60_000)
    expect(deployedDrainMs(2_000, 250, 60_000, 2)).toBe(4 * 60_000)
    expect(deployedDrainMs(0, 0, 60_000)).toBe(0)
    expect(deployedDrainMs(10, 0, 60_000)).toBe(Number.POSITIVE_INFINITY)
  })
})
