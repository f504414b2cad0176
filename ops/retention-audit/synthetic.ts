import { canarySubmission } from '#functions/canary/check.ts'
import { buildEnquiry } from '#functions/enquiries/item.ts'
import { days, type Finding } from '#functions/retention-audit/finding.ts'
import type { RetentionPolicy } from '#functions/retention-audit/policy.ts'
import { enquiryTable } from '#shared/enquiry-table.ts'
import { describeExpiry, expirySampleDates } from './expiry.ts'

/**
 * The canary's synthetic enquiries (decision 0036) are stored in the same table as real ones, so
 * the same TTL deletes them, but a day after they were sent: checked here by running the code that
 * builds them, as `auditExpiryCode` does for real enquiries.
 */
export function auditSyntheticExpiry(
  policy: RetentionPolicy,
  build: typeof buildEnquiry = buildEnquiry,
): Finding {
  const place = 'Synthetic enquiries code path'
  const path =
    `functions/enquiries/item.ts ${buildEnquiry.name}(…, { synthetic: true }) sets ` +
    `${enquiryTable.ttlAttribute} for the canary's enquiries (its signed marker verified)`
  for (const sample of expirySampleDates) {
    const createdAt = new Date(sample)
    const item = build(
      canarySubmission,
      '00000000-0000-4000-8000-000000000002',
      createdAt,
      undefined,
      { synthetic: true },
    ) as unknown as Record<string, unknown>
    const expected = Math.floor(createdAt.getTime() / 1000) + policy.syntheticEnquiryDays * 86_400
    if (item.synthetic !== true || item[enquiryTable.ttlAttribute] !== expected) {
      return {
        status: 'fail',
        place,
        detail: `${path}: created ${sample}, ${item.synthetic === true ? 'marked' : 'NOT marked'} synthetic, expires ${describeExpiry(item[enquiryTable.ttlAttribute])}, not ${new Date(expected * 1000).toISOString()} (${days(policy.syntheticEnquiryDays)})`,
      }
    }
  }
  return {
    status: 'pass',
    place,
    detail: `${path}: exactly ${days(policy.syntheticEnquiryDays)} after creation, checked on ${expirySampleDates.length} dates; never in the digest, e-mailed to SES's mailbox simulator only`,
  }
}
