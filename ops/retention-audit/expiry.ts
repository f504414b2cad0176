import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb'
import { buildEnquiry } from '#functions/enquiries/item.ts'
import { createEnquiryStore } from '#functions/enquiries/store.ts'
import type { Finding } from '#functions/retention-audit/finding.ts'
import type { RetentionPolicy } from '#functions/retention-audit/policy.ts'
import { RETENTION_YEARS } from '#shared/contact.ts'
import { enquiryTable } from '#shared/enquiry-table.ts'

/**
 * The retention audit's checks of the code: the `expiresAt` every enquiry is stored with, run on
 * sample dates and read back from what the store writes, never searched for in source text.
 */

/**
 * The dates an expiry is computed on: where calendar arithmetic goes wrong (a leap day, a month's
 * end, a year's last second, the night the clocks change).
 */
export const expirySampleDates = [
  '2026-11-21T15:04:05.678Z',
  '2028-02-29T23:59:59.999Z',
  '2027-03-31T00:00:00.000Z',
  '2024-12-31T23:59:59.000Z',
  '2026-03-29T00:30:00.000Z',
] as const

/**
 * `expiresAt` as the code computes it: the function that builds every stored enquiry, checked on
 * dates where calendar years are easy to get wrong.
 */
export function auditExpiryCode(policy: RetentionPolicy): Finding {
  const place = 'expiresAt code path'
  // What the code does, run on sample dates, never what its source text says.
  const path =
    `functions/enquiries/item.ts ${buildEnquiry.name}() sets ${enquiryTable.ttlAttribute} = ` +
    `retentionExpiresAt(createdAt) (shared/enquiry-table.ts) with RETENTION_YEARS = ${RETENTION_YEARS} ` +
    '(shared/contact.ts); the contact handler stores what it builds'
  if (RETENTION_YEARS !== policy.enquiryYears) {
    return {
      status: 'fail',
      place,
      detail: `${path}: ${RETENTION_YEARS} years, the policy says ${policy.enquiryYears}`,
    }
  }
  const submission = {
    firstName: 'A',
    lastName: 'B',
    email: 'a@example.com',
    phone: '1',
    company: 'C',
    position: 'D',
    message: 'An enquiry for the audit',
  }
  // Spam held back from the inbox is stored too, and must expire like any enquiry.
  const verdicts = [
    undefined,
    { level: 'certain', score: 12, reasons: ['held back as spam'] },
  ] as const
  for (const sample of expirySampleDates) {
    for (const verdict of verdicts) {
      const createdAt = new Date(sample)
      const item = buildEnquiry(
        submission,
        '00000000-0000-4000-8000-000000000000',
        createdAt,
        verdict && { ...verdict, reasons: [...verdict.reasons] },
      ) as unknown as Record<string, unknown>
      const expected = calendarYearsLater(createdAt, policy.enquiryYears)
      if (item[enquiryTable.ttlAttribute] !== Math.floor(expected.getTime() / 1000)) {
        return {
          status: 'fail',
          place,
          detail: `${path}: created ${sample}${verdict ? ' (held as spam)' : ''}, expires ${describeExpiry(item[enquiryTable.ttlAttribute])}, not ${expected.toISOString()}`,
        }
      }
    }
  }
  return {
    status: 'pass',
    place,
    detail: `${path}: exactly ${policy.enquiryYears} calendar years after creation (to the second; 29 February → 28 February), checked on ${expirySampleDates.length} dates, for enquiries and for spam held back from the inbox`,
  }
}

/**
 * The same moment `years` calendar years on (UTC), written independently of the code under
 * audit: a day that does not exist that year (29 February) becomes the month's last day.
 */
export function calendarYearsLater(date: Date, years: number): Date {
  const year = date.getUTCFullYear() + years
  const month = date.getUTCMonth()
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(date.getUTCDate(), lastDay),
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
      date.getUTCMilliseconds(),
    ),
  )
}

/** An `expiresAt` value as an auditor reads it, whatever a change has left in it. */
export function describeExpiry(value: unknown): string {
  if (value === undefined || value === null) return `never (no ${enquiryTable.ttlAttribute})`
  const seconds = typeof value === 'number' ? value : Number.NaN
  if (!Number.isInteger(seconds)) {
    return `never (${enquiryTable.ttlAttribute} is ${JSON.stringify(value)}, not epoch seconds: DynamoDB's TTL ignores it)`
  }
  const date = new Date(seconds * 1000)
  return Number.isNaN(date.getTime()) ? `never (${seconds} is no date)` : date.toISOString()
}

/**
 * One stored enquiry, as read back from a table (or as the code writes it): its `expiresAt`
 * must be epoch seconds exactly `enquiryYears` calendar years after its `createdAt`. A missing
 * or malformed attribute is a breach (the item would be kept for ever), reported, never thrown.
 */
export function storedExpiryFinding(
  item: Record<string, unknown> | undefined,
  policy: RetentionPolicy,
  place: string,
  how: string,
): Finding {
  if (!item) return { status: 'fail', place, detail: `${how}: no item was stored` }
  const createdAt = new Date(String(item.createdAt))
  if (Number.isNaN(createdAt.getTime())) {
    return {
      status: 'fail',
      place,
      detail: `${how}: the stored item has no valid createdAt (${JSON.stringify(item.createdAt)}), so its expiry cannot be checked`,
    }
  }
  const expiresAt = item[enquiryTable.ttlAttribute]
  const expected = calendarYearsLater(createdAt, policy.enquiryYears)
  const exact = expiresAt === Math.floor(expected.getTime() / 1000)
  return {
    status: exact ? 'pass' : 'fail',
    place,
    detail:
      `${how} → stored enquiry created ${createdAt.toISOString()}, ` +
      `${enquiryTable.ttlAttribute} ${exact ? `${expiresAt} = ` : ''}${describeExpiry(expiresAt)}` +
      (exact
        ? `: exactly ${policy.enquiryYears} calendar years later`
        : `, expected ${expected.toISOString()} (${policy.enquiryYears} calendar years)`),
  }
}

/** The enquiry the audit stores, offline or through the local stack: nobody's data. */
export const auditSubmission = {
  firstName: 'Retention',
  lastName: 'Audit',
  email: 'retention-audit@example.co.uk',
  phone: '020 7946 0000',
  company: 'Audit',
  position: 'Auditor',
  message: 'A test enquiry for the retention audit.',
}

/** What the enquiry store hands DynamoDB for a new enquiry, captured offline (no table). */
export async function itemTheStoreWrites(createdAt: Date): Promise<Record<string, unknown>> {
  let written: Record<string, unknown> | undefined
  const capture = {
    send: async (command: { input: { Item?: Record<string, unknown> } }) => {
      written ??= command.input.Item
      return {}
    },
  } as unknown as DynamoDBDocumentClient
  await createEnquiryStore(capture, 'enquiries').create(
    buildEnquiry(auditSubmission, '00000000-0000-4000-8000-000000000001', createdAt),
  )
  return written ?? {}
}

/**
 * Without the live check (`--skip-live`), the item the code would store is still checked: the
 * enquiry built by the contact pipeline, as the store writes it to DynamoDB.
 */
export async function auditStoredItem(
  policy: RetentionPolicy,
  write: (createdAt: Date) => Promise<Record<string, unknown>> = itemTheStoreWrites,
): Promise<Finding> {
  const how =
    'offline: buildEnquiry() (functions/enquiries/item.ts) passed to the enquiry store ' +
    '(functions/enquiries/store.ts), its PutCommand item captured'
  const item = await write(new Date())
  return storedExpiryFinding(item, policy, 'Item the contact pipeline writes', how)
}
