import { afterEach, describe, expect, it, vi } from 'vitest'
import { METRICS_NAMESPACE } from '#shared/delivery-metrics.ts'
import { countEnquiry, createMetrics, metricsStage, recordBacklogAge } from './metrics.ts'
import { emfLines } from './test-fixtures/test-support.ts'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('pipeline metrics', () => {
  it('writes counts and the backlog age as one EMF line with service and stage dimensions', () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    const metrics = createMetrics('notification-retry', { stage: 'staging' })
    countEnquiry(metrics, 'EnquiryEmailed')
    countEnquiry(metrics, 'EnquiryEmailed')
    countEnquiry(metrics, 'EnquiryGaveUp')
    recordBacklogAge(metrics, 901.4)
    metrics.publishStoredMetrics()

    const [line, ...others] = emfLines(write)
    expect(others).toHaveLength(0)
    expect(line).toMatchObject({
      service: 'notification-retry',
      stage: 'staging',
      // Two values of one metric: CloudWatch counts both (Sum 2).
      EnquiryEmailed: [1, 1],
      EnquiryGaveUp: 1,
      OldestUndeliveredAgeSeconds: 901,
    })
    const [directive] = line._aws.CloudWatchMetrics
    expect(directive.Namespace).toBe(METRICS_NAMESPACE)
    expect(directive.Dimensions).toEqual([['service', 'stage']])
    expect(directive.Metrics).toEqual(
      expect.arrayContaining([
        { Name: 'EnquiryEmailed', Unit: 'Count' },
        { Name: 'OldestUndeliveredAgeSeconds', Unit: 'Seconds' },
      ]),
    )
  })

  it('writes nothing, not even a warning, when nothing was recorded', () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    createMetrics('contact').publishStoredMetrics()
    expect(write).not.toHaveBeenCalled()
    expect(warn).not.toHaveBeenCalled()
  })

  it('takes the stage from STAGE, prod when unset', () => {
    expect(metricsStage({ STAGE: 'dev' })).toBe('dev')
    expect(metricsStage({})).toBe('prod')
    expect(metricsStage({ STAGE: ' ' })).toBe('prod')
  })
})
