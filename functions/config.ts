import * as z from 'zod/mini'
import { isTimeZone } from '#shared/agency-time.ts'
import { enquiryActionsApi } from '#shared/enquiry-actions.ts'
import { type Env, email, readEnvironment, required, unlessBlank } from './environment.ts'

const endpoint = (name: string) =>
  unlessBlank(z.optional(z.url({ protocol: /^https?$/, error: `${name} must be an http(s) URL` })))

const wholeDays = 'DIGEST_LIST_DAYS must be a whole number of days'
const reminderHours = 'REMINDER_AFTER_HOURS must be a whole number of hours from 1 to 23'
const hostName = /^([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/

/**
 * The functions' environment: the contract with the CDK stack (and the local stack). Endpoints
 * are only set where AWS is emulated; in AWS the SDK finds its regional endpoints itself.
 */
const functionEnvSchema = z.object({
  ENQUIRIES_TABLE: required('ENQUIRIES_TABLE'),
  SENDER_EMAIL: email('SENDER_EMAIL'),
  AGENCY_EMAIL: email('AGENCY_EMAIL'),
  AWS_REGION: required('AWS_REGION'),
  DYNAMODB_ENDPOINT: endpoint('DYNAMODB_ENDPOINT'),
  SES_ENDPOINT: endpoint('SES_ENDPOINT'),
  SES_CONFIGURATION_SET: unlessBlank(z.optional(z.string().check(z.trim()))),
  STAGE: unlessBlank(z._default(z.string().check(z.trim()), 'local')),
  SITE_URL: endpoint('SITE_URL'),
  DIGEST_LIST_DAYS: unlessBlank(
    z.optional(
      z.coerce
        .number({ error: wholeDays })
        .check(z.int({ error: wholeDays }), z.positive({ error: wholeDays })),
    ),
  ),
  DIGEST_COPY_TO: unlessBlank(
    z.optional(z.email({ error: 'DIGEST_COPY_TO must be an e-mail address' })),
  ),
  AGENCY_TIME_ZONE: unlessBlank(
    z.optional(
      z.string().check(
        z.refine(isTimeZone, {
          error: 'AGENCY_TIME_ZONE must be a time zone, e.g. Europe/London',
        }),
      ),
    ),
  ),
  REPLY_DOMAIN: unlessBlank(
    z.optional(
      z.string().check(z.regex(hostName, { error: 'REPLY_DOMAIN must be a lower-case host name' })),
    ),
  ),
  [enquiryActionsApi.keyEnv]: unlessBlank(
    z.optional(
      z
        .string()
        .check(
          z.minLength(32, { error: `${enquiryActionsApi.keyEnv} must be 32 characters or more` }),
        ),
    ),
  ),
  REMINDER_AFTER_HOURS: unlessBlank(
    z.optional(
      z.coerce
        .number({ error: reminderHours })
        .check(
          z.int({ error: reminderHours }),
          z.gte(1, { error: reminderHours }),
          z.lte(23, { error: reminderHours }),
        ),
    ),
  ),
  WEEKLY_SUMMARY_TO: unlessBlank(
    z.optional(z.email({ error: 'WEEKLY_SUMMARY_TO must be an e-mail address' })),
  ),
})

export interface FunctionConfig {
  readonly enquiriesTable: string
  /** The verified SES identity the agency's e-mails come from. */
  readonly senderEmail: string
  /** The agency inbox that receives every enquiry. */
  readonly agencyEmail: string
  readonly region: string
  readonly dynamoDbEndpoint?: string | undefined
  readonly sesEndpoint?: string | undefined
  /**
   * The SES configuration set that publishes each e-mail's delivery events; unset (the local
   * stack) sends without one.
   */
  readonly sesConfigurationSet?: string | undefined
  /** Which deployment the metrics come from (their `stage` dimension). @default 'local' */
  readonly stage?: string
  /** The site's own URL, where the digest's action links open. @default - no links */
  readonly siteUrl?: string | undefined
  /** How many days the digest lists an enquiry in full. @default 14 */
  readonly digestListDays?: number | undefined
  /** A second address for the digest when the agency inbox refused mail. @default - none */
  readonly digestCopyTo?: string | undefined
  /** Where staff read times (shared/agency-time.ts). @default DEFAULT_AGENCY_TIME_ZONE */
  readonly agencyTimeZone?: string | undefined
  /**
   * The subdomain staff replies also go to (the enquiry e-mail's second Reply-To), received by
   * SES. @default - none: answers are known by the "I have answered this" link only
   */
  readonly replyDomain?: string | undefined
  /**
   * The stage's key for the signed links and reply addresses in staff's e-mails.
   * @default - no links and no reply address in the enquiry e-mail
   */
  readonly actionLinkKey?: string | undefined
  /** Hours after an enquiry came that an unanswered one is in the reminder. @default 20 */
  readonly reminderAfterHours?: number | undefined
  /** Who gets the weekly summary. @default - the agency inbox */
  readonly weeklySummaryTo?: string | undefined
}

/** Reads and checks the environment once, at cold start; throws naming every bad variable. */
export function loadFunctionConfig(env: Env): FunctionConfig {
  const parsed = readEnvironment(functionEnvSchema, env, 'function configuration')
  return {
    enquiriesTable: parsed.ENQUIRIES_TABLE,
    senderEmail: parsed.SENDER_EMAIL,
    agencyEmail: parsed.AGENCY_EMAIL,
    region: parsed.AWS_REGION,
    dynamoDbEndpoint: parsed.DYNAMODB_ENDPOINT,
    sesEndpoint: parsed.SES_ENDPOINT,
    sesConfigurationSet: parsed.SES_CONFIGURATION_SET,
    stage: parsed.STAGE,
    siteUrl: parsed.SITE_URL,
    digestListDays: parsed.DIGEST_LIST_DAYS,
    digestCopyTo: parsed.DIGEST_COPY_TO,
    agencyTimeZone: parsed.AGENCY_TIME_ZONE,
    replyDomain: parsed.REPLY_DOMAIN,
    actionLinkKey: parsed[enquiryActionsApi.keyEnv],
    reminderAfterHours: parsed.REMINDER_AFTER_HOURS,
    weeklySummaryTo: parsed.WEEKLY_SUMMARY_TO,
  }
}
