import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { buildEnquiry } from '#functions/enquiries/item.ts'
import { retentionPolicy } from '#functions/retention-audit/policy.ts'
import { formatMarkdownReport } from './report.ts'
import { auditSyntheticExpiry } from './synthetic.ts'

describe('the retention audit and the canary’s synthetic enquiries', () => {
  it('passes the code that keeps them exactly one day', () => {
    const finding = auditSyntheticExpiry(retentionPolicy)
    expect(finding).toMatchObject({ status: 'pass', place: 'Synthetic enquiries code path' })
    expect(finding.detail).toMatch(/exactly 1 day after creation/)
  })

  it('fails, naming the date, when they would be kept longer or not be marked at all', () => {
    const keptLonger: typeof buildEnquiry = (...args) => ({
      ...buildEnquiry(...args),
      expiresAt: buildEnquiry(...args).expiresAt + 3600,
    })
    expect(auditSyntheticExpiry(retentionPolicy, keptLonger)).toMatchObject({
      status: 'fail',
      detail: expect.stringMatching(
        /created 2026-11-21T15:04:05.678Z, marked synthetic, expires 2026-11-22T16:04:05.000Z, not 2026-11-22T15:04:05.000Z \(1 day\)/,
      ),
    })
    // A build that ignores the flag stores the canary's enquiries for three years, as real ones.
    const unmarked: typeof buildEnquiry = (submission, id, createdAt, verdict) =>
      buildEnquiry(submission, id, createdAt, verdict)
    expect(auditSyntheticExpiry(retentionPolicy, unmarked)).toMatchObject({
      status: 'fail',
      detail: expect.stringMatching(/NOT marked synthetic, expires 2029-11-21/),
    })
  })

  it('holds them against their own line of the policy, which docs/operations.md states', () => {
    const docs = readFileSync(new URL('../../docs/operations.md', import.meta.url), 'utf8')
    expect(docs).toMatch(
      new RegExp(
        `Synthetic enquiries of the canary .*\\| exactly ${retentionPolicy.syntheticEnquiryDays} day \\|`,
      ),
    )
    const markdown = formatMarkdownReport(
      { source: 'test', findings: [auditSyntheticExpiry(retentionPolicy)] },
      { at: new Date('2026-11-27T03:00:00Z'), live: false },
    )
    expect(markdown).toMatch(
      /\| PASS \| Synthetic enquiries code path \| .* \| Synthetic enquiries of the canary \(DynamoDB table, TTL on `expiresAt`\): exactly 1 day \|/,
    )
  })
})
