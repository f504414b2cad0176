import type { Metrics } from '@aws-lambda-powertools/metrics'
import { GetCommand } from '@aws-sdk/lib-dynamodb'
import * as z from 'zod/mini'
import { enquiryTable, normaliseEmail } from '#shared/enquiry-table.ts'
import { recordAnswer } from '../enquiries/answers.ts'
import type { EnquiryTableRef } from '../enquiries/attention.ts'
import { type Enquiry, isExpired } from '../enquiries/item.ts'
import { enquiryOfReplyAddress } from '../enquiries/reply-address.ts'
import type { Logger } from '../log.ts'
import { recordFirstAnswer } from '../metrics.ts'

/**
 * A reply received at an enquiry's reply address (docs/decisions/0039-reply-detection.md). SES
 * receiving hands the function the message's headers and its own checks, never the body; the
 * function reads three things (the one From address, the envelope recipients, SES's
 * authentication verdicts), records the first answer's time and address on the enquiry, and
 * keeps nothing else: no subject, no body, no other header, in the table or the logs. It counts
 * only a reply from the agency's own domain, authenticated (DMARC, or SPF or DKIM where the
 * domain publishes no DMARC), to an address this stage signed: the enquirer's reply-all, a
 * made-up or changed address, another domain, or a forged sender changes nothing. Each message
 * is one log line saying which.
 */

export interface ReplyDependencies {
  readonly table: EnquiryTableRef
  /** The stage's key and name, which signed every reply address. */
  readonly key: string
  readonly stage: string
  /** The receiving subdomain the reply addresses are on. */
  readonly replyDomain: string
  /** The domains whose replies count: the agency's own. */
  readonly agencyDomains: readonly string[]
  readonly log: Logger
  readonly now: () => Date
  /** @default none recorded */
  readonly metrics?: Metrics | undefined
}

/** What became of one received message. */
export type ReplyOutcome =
  | 'answered'
  | 'already_answered'
  | 'refused_malformed'
  | 'refused_oversized'
  | 'refused_unknown_address'
  | 'refused_unauthenticated'
  | 'refused_gone'
  | 'ignored_not_agency'
  | 'ignored_enquirer'

/** A mail header line may be 998 characters (RFC 5322); SES's headers, all told, far less than this. */
const MAX_FROM_CHARACTERS = 998
const MAX_RECIPIENTS = 50
const MAX_HEADER_CHARACTERS = 256 * 1024

const verdict = z.object({ status: z.string() })
const sesRecord = z.object({
  eventSource: z.literal('aws:ses'),
  ses: z.object({
    mail: z.object({
      headersTruncated: z.optional(z.boolean()),
      headers: z.optional(z.array(z.object({ name: z.string(), value: z.string() }))),
      commonHeaders: z.object({ from: z.optional(z.array(z.string())) }),
    }),
    receipt: z.object({
      recipients: z.array(z.string()),
      spamVerdict: z.optional(verdict),
      virusVerdict: z.optional(verdict),
      spfVerdict: z.optional(verdict),
      dkimVerdict: z.optional(verdict),
      dmarcVerdict: z.optional(verdict),
    }),
  }),
})
type SesRecord = z.infer<typeof sesRecord>

const addressPattern = /^[^\s@<>"(),;:]+@([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/

/** The one address of a From entry (`Jane Doe <jane@x.example>` or `jane@x.example`), lower-cased. */
export function fromAddress(entry: string): string | undefined {
  const bracketed = /<([^<>]*)>\s*$/.exec(entry)?.[1]
  const address = (bracketed ?? entry).trim().toLowerCase()
  return addressPattern.test(address) ? address : undefined
}

/**
 * Whether SES's checks say the sender is who the From header names: DMARC passed; or, for a
 * domain that publishes no DMARC policy, SPF or DKIM passed. Any spam or virus finding refuses.
 */
function authenticated(receipt: SesRecord['ses']['receipt']): boolean {
  if (receipt.spamVerdict?.status === 'FAIL' || receipt.virusVerdict?.status === 'FAIL') {
    return false
  }
  const dmarc = receipt.dmarcVerdict?.status
  if (dmarc === 'PASS') return true
  return (
    dmarc === 'GRAY' &&
    (receipt.spfVerdict?.status === 'PASS' || receipt.dkimVerdict?.status === 'PASS')
  )
}

function oversized(record: SesRecord): boolean {
  const { mail, receipt } = record.ses
  const headerCharacters = (mail.headers ?? []).reduce(
    (sum, header) => sum + header.name.length + header.value.length,
    0,
  )
  return (
    mail.headersTruncated === true ||
    headerCharacters > MAX_HEADER_CHARACTERS ||
    receipt.recipients.length > MAX_RECIPIENTS ||
    (mail.commonHeaders.from ?? []).some((entry) => entry.length > MAX_FROM_CHARACTERS)
  )
}

type Judged = { outcome: ReplyOutcome; enquiryId?: string; from?: string }

/** What the headers alone say: which enquiry, from whom, or why none. */
function judge(deps: ReplyDependencies, input: unknown): Judged {
  const parsed = sesRecord.safeParse(input)
  if (!parsed.success) return { outcome: 'refused_malformed' }
  const record = parsed.data
  if (oversized(record)) return { outcome: 'refused_oversized' }
  const froms = record.ses.mail.commonHeaders.from ?? []
  const from = froms.length === 1 ? fromAddress(froms[0] as string) : undefined
  if (!from) return { outcome: 'refused_malformed' }
  const enquiryId = record.ses.receipt.recipients
    .map((recipient) => enquiryOfReplyAddress(deps.key, deps.stage, recipient, deps.replyDomain))
    .find((id) => id !== undefined)
  if (!enquiryId) return { outcome: 'refused_unknown_address' }
  const domain = from.split('@')[1] as string
  if (!deps.agencyDomains.some((agency) => agency.toLowerCase() === domain)) {
    return { outcome: 'ignored_not_agency', enquiryId }
  }
  if (!authenticated(record.ses.receipt)) return { outcome: 'refused_unauthenticated', enquiryId }
  return { outcome: 'answered', enquiryId, from }
}

/** Records the answer a judged reply gives, unless the enquiry is gone or its own sender wrote. */
async function answer(deps: ReplyDependencies, enquiryId: string, from: string) {
  const { Item } = await deps.table.client.send(
    new GetCommand({
      TableName: deps.table.tableName,
      Key: { [enquiryTable.partitionKey]: enquiryId },
      ConsistentRead: true,
      ProjectionExpression: 'email, expiresAt',
    }),
  )
  const enquiry = Item as Pick<Enquiry, 'email' | 'expiresAt'> | undefined
  const now = deps.now()
  if (!enquiry || isExpired(enquiry, now)) return 'refused_gone'
  // The enquirer writing from an address of the agency's own domain is still the enquirer.
  if (normaliseEmail(enquiry.email) === from) return 'ignored_enquirer'
  const recorded = await recordAnswer(deps.table, enquiryId, { at: now, via: 'reply', by: from })
  if (!recorded.recorded) return 'already_answered'
  recordFirstAnswer(deps.metrics, recorded.createdAt, now)
  return 'answered'
}

/** Every message of an SES receipt event, judged and (when it is a staff reply) recorded. */
export async function recordReplies(
  deps: ReplyDependencies,
  event: unknown,
): Promise<ReplyOutcome[]> {
  const records = (event as { Records?: unknown })?.Records
  const list = Array.isArray(records) ? records : [event]
  const outcomes: ReplyOutcome[] = []
  for (const record of list) {
    const judged = judge(deps, record)
    const outcome =
      judged.outcome === 'answered'
        ? await answer(deps, judged.enquiryId as string, judged.from as string)
        : judged.outcome
    deps.log({
      level: outcome === 'answered' || outcome === 'already_answered' ? 'info' : 'warn',
      event: `reply_${outcome}`,
      ...(judged.enquiryId && { enquiryId: judged.enquiryId }),
    })
    outcomes.push(outcome)
  }
  return outcomes
}
