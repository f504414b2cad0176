import { answerPromise } from '#shared/answer-promise.ts'
import { enquiryTable } from '#shared/enquiry-table.ts'
import type { EnquiryTableRef } from './attention.ts'
import type { AnsweredVia, Enquiry } from './item.ts'
import { actionValues } from './staff-actions.ts'
import { conditionalWriteApplied, isConditionalCheckFailure, updateEnquiry } from './store.ts'

/**
 * The answer to an enquiry, as the 24-hour promise needs it: when staff first answered it (their
 * reply reached its reply address, or they pressed "I have answered this"), and the reminder's
 * marks (listed once, counted once as a promise missed). Each is one conditional update, so an
 * event that arrives twice, two replies, or a reply and a press at once record one answer: the
 * first. Nothing of a reply is kept but its address and time.
 */

/** How long the website promises an answer takes. */
export const ANSWER_PROMISE_HOURS = answerPromise.hours

/** Whether an enquiry still waits for its first answer (answered and dismissed ones do not). */
export function awaitsAnswer(
  enquiry: Pick<Enquiry, 'answeredAt' | 'dismissedAt' | 'synthetic'>,
): boolean {
  return !enquiry.answeredAt && !enquiry.dismissedAt && enquiry.synthetic !== true
}

export type AnswerOutcome =
  | { readonly recorded: true; readonly createdAt: string }
  | { readonly recorded: false }

/**
 * Records the first answer: when, how, and (for a reply) from which address. A link's press is
 * also a staff action (`by: 'link'`). Resolves `recorded: false`, writing nothing, when the
 * enquiry is gone or was answered already.
 */
export async function recordAnswer(
  table: EnquiryTableRef,
  id: string,
  answer: { readonly at: Date; readonly via: AnsweredVia; readonly by?: string | undefined },
  signal?: AbortSignal,
): Promise<AnswerOutcome> {
  const at = answer.at.toISOString()
  const byLink = answer.via === 'link'
  try {
    const result = await updateEnquiry(
      table,
      id,
      {
        ConditionExpression: 'attribute_exists(#id) AND attribute_not_exists(#answeredAt)',
        UpdateExpression: [
          'SET #answeredAt = :at, #answeredVia = :via',
          answer.by ? '#answeredBy = :by' : '',
          byLink ? '#actions = list_append(if_not_exists(#actions, :none), :action)' : '',
        ]
          .filter(Boolean)
          .join(', '),
        ExpressionAttributeNames: {
          '#id': enquiryTable.partitionKey,
          '#answeredAt': 'answeredAt',
          '#answeredVia': 'answeredVia',
          ...(answer.by && { '#answeredBy': 'answeredBy' }),
          ...(byLink && { '#actions': 'staffActions' }),
        },
        ExpressionAttributeValues: {
          ':at': at,
          ':via': answer.via,
          ...(answer.by && { ':by': answer.by }),
          ...(byLink && actionValues({ action: 'answer', at, by: 'link' })),
        },
        // For the time to first answer (a metric); nothing of it is logged.
        ReturnValues: 'ALL_NEW',
      },
      signal,
    )
    return { recorded: true, createdAt: String(result.Attributes?.createdAt ?? at) }
  } catch (error) {
    if (isConditionalCheckFailure(error)) return { recorded: false }
    throw error
  }
}

/** A mark the reminder sets once per enquiry: `remindedAt` or `promiseMissedAt`. */
export async function markOnce(
  table: EnquiryTableRef,
  id: string,
  mark: 'remindedAt' | 'promiseMissedAt',
  at: Date,
  signal?: AbortSignal,
): Promise<boolean> {
  return conditionalWriteApplied(
    updateEnquiry(
      table,
      id,
      {
        ConditionExpression: 'attribute_exists(#id) AND attribute_not_exists(#mark)',
        UpdateExpression: 'SET #mark = :at',
        ExpressionAttributeNames: { '#id': enquiryTable.partitionKey, '#mark': mark },
        ExpressionAttributeValues: { ':at': at.toISOString() },
      },
      signal,
    ),
  )
}
