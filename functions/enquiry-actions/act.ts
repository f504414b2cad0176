import { GetCommand } from '@aws-sdk/lib-dynamodb'
import { enquiryTable } from '#shared/enquiry-table.ts'
import type { ContactResult } from '../contact/responses.ts'
import type { EnquiryTableRef } from '../enquiries/attention.ts'
import { isExpired } from '../enquiries/item.ts'
import {
  actionFrom,
  dismissEnquiry,
  requeueEnquiry,
  type StaffActionRecord,
} from '../enquiries/staff-actions.ts'
import type { Logger } from '../log.ts'
import { type ActionClaim, verifyAction } from './links.ts'
import {
  alreadyPage,
  confirmPage,
  donePage,
  notWaitingPage,
  refusalPage,
  type ShownEnquiry,
} from './pages.ts'

/**
 * A digest link's two steps. `show` (the link's GET, which mail scanners also follow) only
 * reads; `perform` (the page's POST) makes the one conditional write. Neither sends an e-mail:
 * a released or requeued enquiry is pending again, and the sender of pending enquiries sends it.
 */

export interface ActionDependencies {
  readonly table: EnquiryTableRef
  /** The stage's signing key, and the stage's name (a link names the stage that signed it). */
  readonly key: string
  readonly stage: string
  readonly log: Logger
  readonly now: () => Date
}

const shownFields = [
  'id',
  'ref',
  'firstName',
  'lastName',
  'company',
  'message',
  'emailStatus',
  'expiresAt',
  'staffActions',
] as const

type Found = ShownEnquiry & { readonly staffActions?: readonly StaffActionRecord[] }

async function read(deps: ActionDependencies, id: string): Promise<Found | undefined> {
  const { Item } = await deps.table.client.send(
    new GetCommand({
      TableName: deps.table.tableName,
      Key: { [enquiryTable.partitionKey]: id },
      ConsistentRead: true,
      ProjectionExpression: shownFields.map((_, index) => `#f${index}`).join(', '),
      ExpressionAttributeNames: Object.fromEntries(
        shownFields.map((name, index) => [`#f${index}`, name]),
      ),
    }),
  )
  const found = Item as Found | undefined
  // Past its retention it only waits for DynamoDB's TTL: as good as erased.
  return found && !isExpired(found, deps.now()) ? found : undefined
}

type Checked = { claim: ActionClaim; enquiry: Found } | { answer: ContactResult }

/** The token checked, then the enquiry read: or the page saying why not. */
async function check(deps: ActionDependencies, token: string | undefined): Promise<Checked> {
  const verdict = verifyAction(deps.key, deps.stage, token, deps.now())
  if (!verdict.ok) {
    deps.log({ level: 'warn', event: `enquiry_action_refused_${verdict.reason}` })
    return { answer: refusalPage(verdict.reason) }
  }
  const enquiry = await read(deps, verdict.claim.id)
  if (!enquiry) {
    deps.log({ level: 'info', event: 'enquiry_action_refused_gone' })
    return { answer: refusalPage('gone') }
  }
  return { claim: verdict.claim, enquiry }
}

/** When this action was last done to the enquiry, if it was. */
function doneAt(enquiry: Found, claim: ActionClaim): string | undefined {
  return (enquiry.staffActions ?? []).findLast((record) => record.action === claim.action)?.at
}

/** What the page says when the enquiry is not (or no longer) in a state the action takes. */
function unchanged(enquiry: Found, claim: ActionClaim): ContactResult {
  const at = doneAt(enquiry, claim)
  return at ? alreadyPage(claim.action, enquiry, at) : notWaitingPage(claim.action, enquiry)
}

function waitsFor(enquiry: Found, claim: ActionClaim): boolean {
  if (!actionFrom[claim.action].includes(enquiry.emailStatus)) return false
  // A dismissed enquiry keeps its status but no longer waits for anything.
  return !(claim.action === 'dismiss' && doneAt(enquiry, claim) !== undefined)
}

/** The link's GET: the enquiry and one button, or why not. Changes nothing. */
export async function show(deps: ActionDependencies, token: string | undefined) {
  const checked = await check(deps, token)
  if ('answer' in checked) return checked.answer
  const { claim, enquiry } = checked
  if (!waitsFor(enquiry, claim)) return unchanged(enquiry, claim)
  return confirmPage(claim.action, token as string, enquiry)
}

/** The button's POST: the one conditional write, at most once however often it is pressed. */
export async function perform(deps: ActionDependencies, token: string | undefined) {
  const checked = await check(deps, token)
  if ('answer' in checked) return checked.answer
  const { claim, enquiry } = checked
  const now = deps.now()
  const done =
    claim.action === 'dismiss'
      ? await dismissEnquiry(deps.table, claim.id, now)
      : await requeueEnquiry(deps.table, claim.id, actionFrom[claim.action], now, claim.action)
  if (!done) {
    // Pressed before, in another tab, or the enquiry changed meanwhile: say which, as it is now.
    const current = await read(deps, claim.id)
    return current ? unchanged(current, claim) : refusalPage('gone')
  }
  deps.log({ level: 'info', event: `enquiry_action_${claim.action}`, enquiryId: claim.id })
  return donePage(claim.action, enquiry)
}
