import * as z from 'zod'

type Env = Record<string, string | undefined>

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value

const required = (name: string) =>
  z.preprocess(blankToUndefined, z.string({ error: `${name} is required` }).trim())

const email = (name: string) =>
  z.preprocess(
    blankToUndefined,
    z.email({
      error: (issue) =>
        issue.input === undefined ? `${name} is required` : `${name} must be an e-mail address`,
    }),
  )

const endpoint = (name: string) =>
  z.preprocess(
    blankToUndefined,
    z.url({ protocol: /^https?$/, error: `${name} must be an http(s) URL` }).optional(),
  )

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
  SES_CONFIGURATION_SET: z.preprocess(blankToUndefined, z.string().trim().optional()),
  STAGE: z.preprocess(blankToUndefined, z.string().trim().default('local')),
  SITE_URL: endpoint('SITE_URL'),
  DIGEST_LIST_DAYS: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'DIGEST_LIST_DAYS must be a whole number of days' })
      .int({ error: 'DIGEST_LIST_DAYS must be a whole number of days' })
      .positive({ error: 'DIGEST_LIST_DAYS must be a whole number of days' })
      .optional(),
  ),
  DIGEST_COPY_TO: z.preprocess(
    blankToUndefined,
    z.email({ error: 'DIGEST_COPY_TO must be an e-mail address' }).optional(),
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
}

/** Reads and checks the environment once, at cold start; throws naming every bad variable. */
export function loadFunctionConfig(env: Env): FunctionConfig {
  const result = functionEnvSchema.safeParse(env)
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `- ${issue.message}`).join('\n')
    throw new Error(`Invalid function configuration:\n${problems}`)
  }
  const parsed = result.data
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
  }
}
