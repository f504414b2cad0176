import { GetCommand } from '@aws-sdk/lib-dynamodb'
import type { DeliveryEventsDependencies } from '#functions/delivery-events/create-handler.ts'
import { injectDeliveryEvent } from '#functions/delivery-events/inject.ts'
import type { SampleEventType } from '#functions/delivery-events/sample-events.ts'
import {
  type EnquiryTableRef,
  formatAge,
  idsInIndex,
  readEnquiries,
} from '#functions/enquiries/attention.ts'
import { requeueable, requeueEnquiry } from '#functions/enquiries/staff-actions.ts'
import { createMetrics } from '#functions/metrics.ts'
import { formatAgencyTime, formatDuration } from '#shared/agency-time.ts'
import { EMAIL_PENDING, type EmailStatus, enquiryTable } from '#shared/enquiry-table.ts'

/**
 * What ops do with enquiries whose e-mail did not reach the agency: list them (through the
 * sparse `pending-email` and `needs-attention` indexes, never a scan), read one, and put it back
 * in the retry's queue. The command line is ops/enquiries-cli.ts.
 */

/** What a list shows of an enquiry: nothing that identifies its sender. */
export interface EnquirySummary {
  readonly id: string
  readonly ref: string
  readonly emailStatus: EmailStatus
  readonly createdAt: string
  readonly emailAttempts: number
}

/** The statuses `list --undelivered` shows: owed, given up, or refused after SES took it. */
export const undeliveredAttention = requeueable

/** The list's rows, read for these ids: reference, status, age and attempts, nothing else. */
async function summaries(
  table: EnquiryTableRef,
  ids: readonly string[],
  now: Date,
): Promise<EnquirySummary[]> {
  const found = await readEnquiries(table, ids, ['ref', 'emailStatus', 'emailAttempts'], now)
  return found.map(({ id, ref, emailStatus, createdAt, emailAttempts }) => ({
    id,
    ref,
    emailStatus,
    createdAt,
    emailAttempts: emailAttempts ?? 0,
  }))
}

/** Enquiries whose e-mail has not reached the agency: still owed, given up, or refused. */
export async function undeliveredEnquiries(
  table: EnquiryTableRef,
  now: Date,
): Promise<EnquirySummary[]> {
  const ids = await idsInIndex(table, enquiryTable.pendingEmailIndex, EMAIL_PENDING)
  for (const status of undeliveredAttention) {
    ids.push(...(await idsInIndex(table, enquiryTable.attentionIndex, status)))
  }
  return summaries(table, ids, now)
}

/** Enquiries held back from the inbox as spam. */
export async function heldEnquiries(table: EnquiryTableRef, now: Date) {
  return summaries(table, await idsInIndex(table, enquiryTable.attentionIndex, 'held'), now)
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Whether text is an enquiry's reference (8 hex digits) or its full id. */
export function isReference(text: string): boolean {
  return /^[0-9a-f]{8}$/i.test(text) || uuid.test(text)
}

/**
 * The ids of the stored enquiries a reference names: its short ref through the `by-ref` index
 * (two enquiries may share one, rarely), or a full id, if an enquiry has it.
 */
export async function idsForReference(table: EnquiryTableRef, reference: string) {
  if (!uuid.test(reference))
    return idsInIndex(table, enquiryTable.refIndex, reference.toUpperCase())
  const id = reference.toLowerCase()
  const { Item } = await table.client.send(
    new GetCommand({
      TableName: table.tableName,
      Key: { [enquiryTable.partitionKey]: id },
      ProjectionExpression: '#id',
      ExpressionAttributeNames: { '#id': enquiryTable.partitionKey },
    }),
  )
  return Item ? [id] : []
}

/** One whole enquiry, personal data included. */
export async function readEnquiry(table: EnquiryTableRef, id: string) {
  const { Item } = await table.client.send(
    new GetCommand({
      TableName: table.tableName,
      Key: { [enquiryTable.partitionKey]: id },
      ConsistentRead: true,
    }),
  )
  return Item
}

/** Every enquiry whose e-mail gave up, back in the queue; resolves how many. */
export async function requeueAllGaveUp(table: EnquiryTableRef, now: Date): Promise<number> {
  let requeued = 0
  for (const id of await idsInIndex(table, enquiryTable.attentionIndex, 'gave-up')) {
    if (await requeueEnquiry(table, id, ['gave-up'], now, { by: 'ops' })) requeued++
  }
  return requeued
}

/**
 * What SES would report of an enquiry's e-mail (a bounce, say), fed to the deployed function's
 * own code as SNS would deliver it; resolves its outcome and the e-mail status after it. For the
 * local stack: a fabricated event must never reach a deployed table.
 */
export async function simulateSesEvent(
  table: EnquiryTableRef,
  type: SampleEventType,
  id: string,
  options: {
    readonly now: Date
    readonly stage: string
    readonly log: DeliveryEventsDependencies['log']
  },
) {
  const result = await injectDeliveryEvent(
    {
      documentClient: table.client,
      tableName: table.tableName,
      metrics: createMetrics('delivery-events', { stage: options.stage }),
      log: options.log,
    },
    type,
    id,
    options.now,
  )
  const after = await readEnquiry(table, id)
  return { outcome: result.outcome, emailStatus: after?.emailStatus }
}

/**
 * What `show` says first, for a person: when the enquiry came and whether it was answered (when,
 * by whom or how, how long after it came), or not, in the agency's time.
 */
export function answerSummary(
  enquiry: Record<string, unknown>,
  now: Date,
  timeZone?: string,
): string {
  const createdAt = String(enquiry.createdAt)
  const received = `Received: ${formatAgencyTime(createdAt, timeZone)} (ref ${String(enquiry.ref)})`
  if (typeof enquiry.answeredAt === 'string') {
    const how =
      enquiry.answeredVia === 'reply'
        ? `by ${String(enquiry.answeredBy)} (a reply to its e-mail)`
        : 'with the "I have answered this" link'
    const after = formatDuration(Date.parse(enquiry.answeredAt) - Date.parse(createdAt))
    return `${received}\nAnswered: ${formatAgencyTime(enquiry.answeredAt, timeZone)} ${how}, ${after} after it came`
  }
  const waited = formatDuration(now.getTime() - Date.parse(createdAt))
  const reminded =
    typeof enquiry.remindedAt === 'string'
      ? `; in the reminder of ${formatAgencyTime(enquiry.remindedAt, timeZone)}`
      : ''
  return `${received}\nNot answered (${waited} since it came${reminded})`
}

/** The list's rows: reference, status, age and attempts, nothing else. */
export function summaryTable(enquiries: readonly EnquirySummary[], now: Date): string {
  const rows = [
    ['REF', 'STATUS', 'AGE', 'ATTEMPTS'],
    ...enquiries.map((enquiry) => [
      enquiry.ref,
      enquiry.emailStatus,
      formatAge(now.getTime() - Date.parse(enquiry.createdAt)),
      String(enquiry.emailAttempts),
    ]),
  ]
  const widths = rows[0]?.map((_, column) =>
    Math.max(...rows.map((row) => row[column]?.length ?? 0)),
  )
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths?.[column] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')
}
