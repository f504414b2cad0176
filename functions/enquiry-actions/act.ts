import type { Metrics } from '@aws-lambda-powertools/metrics'
import { GetCommand } from '@aws-sdk/lib-dynamodb'
import { enquiryTable } from '#shared/enquiry-table.ts'
import type { ContactResult } from '../contact/responses.ts'
import { type ActionClaim, actionLinker, verifyAction } from '../enquiries/action-links.ts'
import { recordAnswer } from '../enquiries/answers.ts'
import type { EnquiryTableRef } from '../enquiries/attention.ts'
import { isExpired } from '../enquiries/item.ts'
import {
  actionFrom,
  dismissEnquiry,
  requeueEnquiry,
  type StaffActionRecord,
} from '../enquiries/staff-actions.ts'
import { waitingEnquiries } from '../enquiries/waiting.ts'
import type { Logger } from '../log.ts'
import { recordFirstAnswer } from '../metrics.ts'
import {
  alreadyPage,
  confirmPage,
  donePage,
  notWaitingPage,
  type PressedAction,
  refusalPage,
  type ShownEnquiry,
  shownFields,
} from './pages.ts'
import { waitingPage } from './waiting-page.ts'

/**
 * A link's two steps. `show` (the link's GET, which mail scanners also follow) only reads;
 * `perform` (the page's POST) makes the one conditional write. Neither sends an e-mail: a
 * released or requeued enquiry is pending again, and the sender of pending enquiries sends it;
 * an answered one only records its answer. The waiting list's link only shows a page.
 */
export interface ActionDependencies {
  readonly table: EnquiryTableRef
  /** The stage's signing key, and the stage's name (a link names the stage that signed it). */
  readonly key: string
  readonly stage: string
  readonly log: Logger
  readonly now: () => Date
  /** Where staff read times. @default DEFAULT_AGENCY_TIME_ZONE */
  readonly timeZone?: string | undefined
  /** @default none recorded */
  readonly metrics?: Metrics | undefined
}

/** What the page shows, and the actions already taken: a second press is told when the first was. */
const readFields = [...shownFields, 'staffActions'] as const

type Found = ShownEnquiry & { readonly staffActions?: readonly StaffActionRecord[] }
type Pressed = ActionClaim & { readonly action: PressedAction }

async function read(deps: ActionDependencies, id: string): Promise<Found | undefined> {
  const { Item } = await deps.table.client.send(
    new GetCommand({
      TableName: deps.table.tableName,
      Key: { [enquiryTable.partitionKey]: id },
      ConsistentRead: true,
      ProjectionExpression: readFields.map((_, index) => `#f${index}`).join(', '),
      ExpressionAttributeNames: Object.fromEntries(
        readFields.map((name, index) => [`#f${index}`, name]),
      ),
    }),
  )
  const found = Item as Found | undefined
  // Past its retention it only waits for DynamoDB's TTL: as good as erased.
  return found && !isExpired(found, deps.now()) ? found : undefined
}

type Checked =
  | { claim: Pressed; enquiry: Found }
  | { waiting: ActionClaim }
  | { answer: ContactResult }

/** The token checked, then the enquiry read: or the page saying why not. */
async function check(deps: ActionDependencies, token: string | undefined): Promise<Checked> {
  const verdict = verifyAction(deps.key, deps.stage, token, deps.now())
  if (!verdict.ok) {
    deps.log({ level: 'warn', event: `enquiry_action_refused_${verdict.reason}` })
    return { answer: refusalPage(verdict.reason) }
  }
  if (verdict.claim.action === 'waiting') return { waiting: verdict.claim }
  const enquiry = await read(deps, verdict.claim.id)
  if (!enquiry) {
    deps.log({ level: 'info', event: 'enquiry_action_refused_gone' })
    return { answer: refusalPage('gone') }
  }
  return { claim: verdict.claim as Pressed, enquiry }
}

/** When this action was last done to the enquiry, if it was. */
function doneAt(enquiry: Found, claim: Pressed): string | undefined {
  if (claim.action === 'answer') return enquiry.answeredAt
  return (enquiry.staffActions ?? []).findLast((record) => record.action === claim.action)?.at
}

/** What the page says when the enquiry is not (or no longer) in a state the action takes. */
function unchanged(deps: ActionDependencies, enquiry: Found, claim: Pressed): ContactResult {
  const at = doneAt(enquiry, claim)
  return at
    ? alreadyPage(claim.action, enquiry, at, deps.timeZone)
    : notWaitingPage(claim.action, enquiry, deps.timeZone)
}

function waitsFor(enquiry: Found, claim: Pressed): boolean {
  if (claim.action === 'answer') return enquiry.answeredAt === undefined
  // A dismissed enquiry keeps its status but no longer waits for anything.
  return actionFrom[claim.action].includes(enquiry.emailStatus) && !enquiry.dismissedAt
}

/** Every waiting enquiry, each with fresh links (paths on this origin), signed now. */
async function waitingList(deps: ActionDependencies): Promise<ContactResult> {
  const now = deps.now()
  const links = actionLinker({ key: deps.key, stage: deps.stage, now })
  deps.log({ level: 'info', event: 'enquiry_action_waiting_shown' })
  return waitingPage(await waitingEnquiries(deps.table, now), {
    now,
    links,
    ...(deps.timeZone && { timeZone: deps.timeZone }),
  })
}

/** The link's GET: the enquiry and one button (or the waiting list), or why not. Changes nothing. */
export async function show(deps: ActionDependencies, token: string | undefined) {
  const checked = await check(deps, token)
  if ('answer' in checked) return checked.answer
  if ('waiting' in checked) return waitingList(deps)
  const { claim, enquiry } = checked
  if (!waitsFor(enquiry, claim)) return unchanged(deps, enquiry, claim)
  return confirmPage(claim.action, token as string, enquiry)
}

/** The one conditional write of a press: whether it was made (not: the enquiry had changed). */
async function write(deps: ActionDependencies, claim: Pressed, now: Date): Promise<boolean> {
  switch (claim.action) {
    case 'dismiss':
      return dismissEnquiry(deps.table, claim.id, now, 'link')
    case 'answer': {
      const outcome = await recordAnswer(deps.table, claim.id, { at: now, via: 'link' })
      if (outcome.recorded) recordFirstAnswer(deps.metrics, outcome.createdAt, now)
      return outcome.recorded
    }
    default:
      return requeueEnquiry(deps.table, claim.id, actionFrom[claim.action], now, {
        action: claim.action,
        by: 'link',
      })
  }
}

/** The button's POST: the one conditional write, at most once however often it is pressed. */
export async function perform(deps: ActionDependencies, token: string | undefined) {
  const checked = await check(deps, token)
  if ('answer' in checked) return checked.answer
  if ('waiting' in checked) return refusalPage('listOnly')
  const { claim, enquiry } = checked
  if (!(await write(deps, claim, deps.now()))) {
    // Pressed before, in another tab, a conflicting press first (release against dismiss), or
    // the enquiry changed meanwhile: say which, as it is now.
    const current = await read(deps, claim.id)
    return current ? unchanged(deps, current, claim) : refusalPage('gone')
  }
  deps.log({ level: 'info', event: `enquiry_action_${claim.action}`, enquiryId: claim.id })
  return donePage(claim.action, enquiry)
}
