import { createHash } from 'node:crypto'
import { DeleteCommand } from '@aws-sdk/lib-dynamodb'
import type { EnquiryTableRef } from '#functions/enquiries/attention.ts'
import { isExpired } from '#functions/enquiries/item.ts'
import { queryByEmail } from '#functions/enquiries/query.ts'
import { contactFields, RETENTION_YEARS } from '#shared/contact.ts'
import { enquiryTable, normaliseEmail } from '#shared/enquiry-table.ts'

/**
 * Data-subject requests (UK GDPR articles 15, 17 and 20) over the enquiries table: find every
 * enquiry of one e-mail address through the `by-email` index (never a scan), export the ones
 * still within their retention, erase them all. The command line is ops/dsar-cli.ts.
 */

/** An enquiry as the table holds it; only the fields a request needs are named. */
export interface StoredEnquiry {
  readonly id: string
  readonly createdAt: string
  readonly expiresAt: number
  readonly [field: string]: unknown
}

/** Every enquiry stored for an address, whatever its case or surrounding spaces, oldest first. */
export async function findEnquiries(
  { client, tableName }: EnquiryTableRef,
  email: string,
): Promise<StoredEnquiry[]> {
  return (await queryByEmail(client, tableName, email)) as StoredEnquiry[]
}

/** Splits enquiries into those still held and those past their retention (TTL deletes lazily). */
export function byRetention(enquiries: readonly StoredEnquiry[], now: Date) {
  const held = enquiries.filter((enquiry) => !isExpired(enquiry, now))
  return { held, expired: enquiries.length - held.length }
}

/** Each staff action as the data subject reads it. */
const staffActionWords: Record<string, string> = {
  release: 'held back as likely spam, then sent on to our inbox by our staff',
  requeue: 'not delivered to our inbox at first, then sent again by our staff',
  dismiss: 'marked by our staff as not needing an answer (kept until deleteBy, not deleted)',
  answer: 'marked by our staff as answered (by phone, or in another e-mail)',
}

/** The copy a data subject receives: what they sent, when, and when it will be deleted. */
export function exportDocument(enquiries: readonly StoredEnquiry[], now: Date) {
  return {
    about:
      'Every enquiry you sent through our website contact form that we still hold, as stored. ' +
      `Each is deleted ${RETENTION_YEARS} years after it was sent (deleteBy).`,
    exportedAt: now.toISOString(),
    count: enquiries.length,
    enquiries: enquiries.map((enquiry) => ({
      id: enquiry.id,
      sentAt: enquiry.createdAt,
      deleteBy: new Date(enquiry.expiresAt * 1000).toISOString(),
      ...Object.fromEntries(contactFields.map((field) => [field, enquiry[field]])),
      // What the site concluded about the enquiry is their data too (UK GDPR art. 15).
      ...(enquiry.spamLevel !== undefined && {
        spamCheck: {
          level: enquiry.spamLevel,
          score: enquiry.spamScore,
          reasons: enquiry.spamReasons,
        },
      }),
      // When our staff first answered it (what they wrote is not kept here).
      ...(typeof enquiry.answeredAt === 'string' && { answeredAt: enquiry.answeredAt }),
      // What the agency's staff did with it (sent it on, stopped listing it), and when.
      ...(Array.isArray(enquiry.staffActions) && {
        staffActions: (enquiry.staffActions as { action: string; at: string }[]).map(
          ({ action, at }) => ({ action: staffActionWords[action] ?? action, at }),
        ),
      }),
    })),
  }
}

/** How far an erasure got: read while it runs, so one that stops part-way can be accounted for. */
export interface ErasureProgress {
  /** Delete requests answered (the item deleted, or already gone). */
  done: number
  /** Of those, items that were there and are now deleted. */
  erased: number
}

/** Deletes the given enquiries; resolves how many were still there to delete. */
export async function eraseEnquiries(
  { client, tableName }: EnquiryTableRef,
  enquiries: readonly StoredEnquiry[],
  progress: ErasureProgress = { done: 0, erased: 0 },
): Promise<number> {
  for (const { id } of enquiries) {
    const result = await client.send(
      new DeleteCommand({
        TableName: tableName,
        Key: { [enquiryTable.partitionKey]: id },
        ReturnValues: 'ALL_OLD',
      }),
    )
    progress.done++
    if (result.Attributes) progress.erased++
  }
  return progress.erased
}

/**
 * Who a request was about, without saying: the SHA-256 of the normalised address. Whoever knows
 * the address can match it to its audit lines; the lines alone name nobody.
 */
export function subjectReference(email: string): string {
  return `sha256:${createHash('sha256').update(normaliseEmail(email)).digest('hex')}`
}

export interface AuditLine {
  readonly time: string
  readonly event: 'dsar_export' | 'dsar_erase'
  readonly subject: string
  readonly target: string
  readonly operator: string
  readonly found: number
  readonly expired: number
  readonly exported?: number
  readonly erased?: number
  /** Enquiries found whose deletion was not confirmed (an erasure that stopped part-way). */
  readonly remaining?: number
  /** False for an erasure that stopped part-way. */
  readonly complete?: boolean
  readonly confirmed?: boolean
}

export function auditLine(line: AuditLine): string {
  return JSON.stringify(line)
}
