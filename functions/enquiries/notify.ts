import type { Metrics } from '@aws-lambda-powertools/metrics'
import { type SESClient, SendEmailCommand } from '@aws-sdk/client-ses'
import { errorName, type Logger } from '../log.ts'
import { countEnquiry } from '../metrics.ts'
import { deliveryTracking } from './delivery-tracking.ts'
import { type EmailAddresses, enquiryEmailInput } from './email.ts'
import type { Enquiry } from './item.ts'
import type { EnquiryStore } from './store.ts'

/**
 * How many times the agency's e-mail for one enquiry is tried (the contact handler's attempt and
 * the retry function's) before it is given up: status `gave-up`, out of the pending index, into
 * the needs-attention one, `enquiry_email_gave_up` logged.
 */
export const MAX_EMAIL_ATTEMPTS = 8

/** The event an alarm watches: an enquiry whose e-mail could not be sent after every attempt. */
export const GAVE_UP_EVENT = 'enquiry_email_gave_up'

export interface NotifyDependencies {
  readonly ses: SESClient
  readonly store: EnquiryStore
  readonly addresses: EmailAddresses
  readonly log: Logger
  readonly now: () => Date
  /** @default none recorded */
  readonly metrics?: Metrics | undefined
}

/**
 * - `sent`: SES answered with a message id.
 * - `failed`: SES answered with a refusal (or the request never reached it): an attempt counted.
 * - `unknown`: no answer in time (a deadline, a dropped connection). SES may have delivered it,
 *   so it is neither counted towards giving up nor sent again before `OUTCOME_UNKNOWN_HOLD_OFF_MS`.
 * - `gave-up`: the last attempt failed.
 */
export type NotifyOutcome = 'sent' | 'failed' | 'unknown' | 'gave-up'

/**
 * How long a send of unknown outcome holds the enquiry back from every sender (a claim that
 * lasts): long enough for SES's delivery event to record an e-mail that did go (it takes the
 * enquiry out of the pending index), short enough that one SES never reached is soon sent.
 */
export const OUTCOME_UNKNOWN_HOLD_OFF_MS = 15 * 60_000

/** The event logged for each send of unknown outcome (the drills count them). */
export const OUTCOME_UNKNOWN_EVENT = 'enquiry_email_outcome_unknown'

/** When each step must be over (the contact handler's budget); none by default. */
export interface NotifyDeadlines {
  /** SES's answer to SendEmail. */
  readonly send?: AbortSignal | undefined
  /** Recording the outcome on the enquiry. */
  readonly record?: AbortSignal | undefined
}

/**
 * E-mails the agency about a stored enquiry and records the result on it. Never throws: an
 * enquiry whose e-mail fails stays pending for the retry function, and the visitor's request
 * succeeds regardless.
 */
export async function notifyAgency(
  deps: NotifyDependencies,
  enquiry: Enquiry,
  deadlines: NotifyDeadlines = {},
): Promise<NotifyOutcome> {
  const enquiryId = enquiry.id
  let messageId: string | undefined
  try {
    const result = await deps.ses.send(
      new SendEmailCommand({
        ...enquiryEmailInput(enquiry, deps.addresses),
        ...deliveryTracking(enquiryId, deps.addresses.sesConfigurationSet),
      }),
      { abortSignal: deadlines.send },
    )
    messageId = result.MessageId
  } catch (error) {
    if (outcomeUnknown(error)) {
      await holdOff(deps, enquiry, error, deadlines.record)
      return 'unknown'
    }
    let attempts = enquiry.emailAttempts + 1
    try {
      attempts = await deps.store.recordEmailFailure(enquiryId, deps.now(), deadlines.record)
    } catch (recordError) {
      deps.log({
        level: 'error',
        event: 'enquiry_email_failure_not_recorded',
        enquiryId,
        errorName: errorName(recordError),
      })
    }
    deps.log({
      level: 'warn',
      event: 'enquiry_email_failed',
      enquiryId,
      attempts,
      errorName: errorName(error),
    })
    if (attempts >= MAX_EMAIL_ATTEMPTS) {
      await giveUp(deps, enquiryId, attempts, deadlines.record)
      return 'gave-up'
    }
    return 'failed'
  }

  countEnquiry(deps.metrics, 'EnquiryEmailed')
  try {
    await deps.store.markEmailSent(enquiryId, deps.now(), messageId, deadlines.record)
  } catch (error) {
    // The e-mail went; the retry function will send it again (e-mail is at-least-once, and the
    // reference in the subject lets staff spot the repeat).
    deps.log({
      level: 'error',
      event: 'enquiry_email_sent_not_recorded',
      enquiryId,
      errorName: errorName(error),
    })
    return 'sent'
  }
  deps.log({
    level: 'info',
    event: 'enquiry_email_sent',
    enquiryId,
    attempts: enquiry.emailAttempts + 1,
  })
  return 'sent'
}

/** How a call that got no answer fails: its time ran out (SDK timeout or our abort signal). */
const NO_ANSWER_NAMES = new Set(['TimeoutError', 'AbortError'])
/** A connection lost once the request may have been written. */
const CONNECTION_LOST_CODES = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNABORTED'])

/**
 * Whether SES may have accepted the e-mail although no answer says so: no HTTP answer came back
 * (a timeout, our abort, a connection dropped after the request was written). An answer SES gave
 * (a refusal, with its status) or a connection never made is a failure like any other.
 */
export function outcomeUnknown(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const answered = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode
  if (typeof answered === 'number') return false
  const code = (error as { code?: unknown }).code
  return (
    NO_ANSWER_NAMES.has(error.name) || (typeof code === 'string' && CONNECTION_LOST_CODES.has(code))
  )
}

async function holdOff(
  deps: NotifyDependencies,
  enquiry: Enquiry,
  error: unknown,
  signal: AbortSignal | undefined,
): Promise<void> {
  const at = deps.now()
  try {
    await deps.store.recordEmailUnknown(
      enquiry.id,
      at,
      new Date(at.getTime() + OUTCOME_UNKNOWN_HOLD_OFF_MS),
      signal,
    )
  } catch (recordError) {
    // A claim the retry took stays until its lease lapses; the contact path's send is only
    // retried a minute on (at most one more e-mail: the documented at-least-once).
    deps.log({
      level: 'error',
      event: 'enquiry_email_outcome_not_recorded',
      enquiryId: enquiry.id,
      errorName: errorName(recordError),
    })
  }
  deps.log({
    level: 'warn',
    event: OUTCOME_UNKNOWN_EVENT,
    enquiryId: enquiry.id,
    attempts: enquiry.emailAttempts,
    errorName: errorName(error),
  })
}

/**
 * Takes an enquiry out of the retry's way for good (until ops requeue it): the retry reads only
 * enquiries it can still send, so no number of given-up ones can hold a new one back.
 */
export async function giveUp(
  deps: NotifyDependencies,
  enquiryId: string,
  attempts: number,
  signal?: AbortSignal,
): Promise<void> {
  try {
    await deps.store.markEmailGaveUp(enquiryId, deps.now(), signal)
  } catch (error) {
    // Still pending: the next run gives it up again.
    deps.log({
      level: 'error',
      event: 'enquiry_email_gave_up_not_recorded',
      enquiryId,
      errorName: errorName(error),
    })
  }
  deps.log({ level: 'error', event: GAVE_UP_EVENT, enquiryId, attempts })
  countEnquiry(deps.metrics, 'EnquiryGaveUp')
}
