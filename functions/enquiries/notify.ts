import type { Metrics } from '@aws-lambda-powertools/metrics'
import { type SESClient, SendEmailCommand } from '@aws-sdk/client-ses'
import { outcomeUnknown } from '../call-outcome.ts'
import { errorName, type Logger } from '../log.ts'
import { countEnquiry } from '../metrics.ts'
import { deliveryTracking } from './delivery-tracking.ts'
import { type EmailAddresses, enquiryEmailInput } from './email.ts'
import type { EmailSender, Enquiry } from './item.ts'
import { type Pause, retriedWrite } from './retried-write.ts'
import { EVIDENCE_WINDOW_MS, RECORD_WITHIN_MS, SES_ANSWER_WITHIN_MS } from './send-timing.ts'
import type { EnquiryStore } from './store.ts'

/**
 * How many times the agency's e-mail for one enquiry is tried (the stream sender's attempt and
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
  /** Which function sends (recorded as `emailSentBy`, tagged on the e-mail). */
  readonly sentBy: EmailSender
  /** How the record's tries wait between them. @default real time */
  readonly pause?: Pause
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
 * lasts): long enough for SES's Send event to record an e-mail that did go (it takes the enquiry
 * out of the pending index), short enough that one SES never took is sent again within two
 * minutes of SES answering again.
 */
export const OUTCOME_UNKNOWN_HOLD_OFF_MS = EVIDENCE_WINDOW_MS

/** The event logged for each send of unknown outcome (the drills count them). */
export const OUTCOME_UNKNOWN_EVENT = 'enquiry_email_outcome_unknown'

/**
 * How long SES's answer may take, from the moment `notifyAgency` is called (a claim holder with
 * less time left gives it less). Recording the outcome always has RECORD_WITHIN_MS.
 */
export interface NotifyTimes {
  /** SES's answer to SendEmail. @default SES_ANSWER_WITHIN_MS */
  readonly sendWithinMs?: number
}

/**
 * E-mails the agency about a stored enquiry and records the result on it. Never throws: an
 * enquiry whose e-mail fails stays pending for the retry function.
 */
export async function notifyAgency(
  deps: NotifyDependencies,
  enquiry: Enquiry,
  times: NotifyTimes = {},
): Promise<NotifyOutcome> {
  const enquiryId = enquiry.id
  let messageId: string | undefined
  try {
    const result = await deps.ses.send(
      new SendEmailCommand({
        ...enquiryEmailInput(enquiry, deps.addresses),
        ...deliveryTracking(enquiryId, deps.addresses.sesConfigurationSet, deps.sentBy),
      }),
      { abortSignal: AbortSignal.timeout(times.sendWithinMs ?? SES_ANSWER_WITHIN_MS) },
    )
    messageId = result.MessageId
  } catch (error) {
    const record = AbortSignal.timeout(RECORD_WITHIN_MS)
    if (outcomeUnknown(error)) {
      await holdOff(deps, enquiry, error, record)
      return 'unknown'
    }
    let attempts = enquiry.emailAttempts + 1
    try {
      attempts = await deps.store.recordEmailFailure(enquiryId, deps.now(), record)
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
      await giveUp(deps, enquiryId, attempts, record)
      return 'gave-up'
    }
    return 'failed'
  }

  countEnquiry(deps.metrics, 'EnquiryEmailed')
  try {
    // SES has accepted it: the record is tried again while DynamoDB does not answer, each try
    // the same facts (its time too), so a try that landed unanswered is not recorded twice.
    const sentAt = deps.now()
    await retriedWrite(
      (signal) => deps.store.markEmailSent(enquiryId, sentAt, messageId, deps.sentBy, signal),
      AbortSignal.timeout(RECORD_WITHIN_MS),
      deps.pause,
    )
  } catch (error) {
    // The e-mail went. Its claim stays until its lease lapses, and SES's Send event records the
    // send meanwhile (delivery-events), so the retry does not send it again.
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
    // The claim stays until its lease lapses (longer than the hold-off): held off all the same.
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
  countEnquiry(deps.metrics, 'EnquiryEmailOutcomeUnknown')
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
