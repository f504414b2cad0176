import { z } from 'zod'
import { enquiryActionsApi } from '#shared/enquiry-actions.ts'
import { parseSite, type Site } from '#shared/site.ts'
import { DEFAULT_DIGEST_SCHEDULE } from './constructs/attention-digest.ts'
import { domainOf } from './constructs/email-identities.ts'
import {
  WAF_DEFAULT_RATE_LIMIT,
  WAF_RATE_LIMIT_MAX,
  WAF_RATE_LIMIT_MIN,
} from './constructs/web-acl.ts'

/**
 * Where a stage runs unless its settings say otherwise: London, so enquiries (personal data)
 * stay in the UK. Deliberately not the AWS profile's region (the CLI falls back to us-east-1
 * when there is none): where personal data lives is a decision, not a side effect of a laptop.
 */
export const DEFAULT_REGION = 'eu-west-2'
export const DEFAULT_STACK_NAME = 'ElevateDigital'
/**
 * The production stage: its stacks keep the plain names (`ElevateDigital`, `ElevateDigital-Edge`)
 * and its domain is the one the built pages name (SITE_URL); any other stage's stacks carry its
 * name.
 */
export const PRODUCTION_STAGE = 'prod'

/** A stage's name: the key of its entry in infra/stages.ts and the prefix of its stacks. */
export const stageNamePattern = /^[a-z][a-z0-9]{0,15}$/

/**
 * One stage's settings, as infra/stages.ts commits them (and `-c key=value` may override some,
 * as strings). Every key is optional; docs/deploy.md describes each.
 */
export interface StageSettings {
  /** @default 'ElevateDigital' for prod, else 'ElevateDigital-<stage>' */
  readonly stackName?: string
  /** @default the deploying credentials' account */
  readonly account?: string
  /** @default DEFAULT_REGION */
  readonly region?: string
  /** @default SITE_EMAIL */
  readonly senderEmail?: string
  /** @default 'domain' with a zone of the sender's domain, else 'address' */
  readonly senderIdentity?: SenderIdentityMode
  /** @default SITE_EMAIL */
  readonly agencyEmail?: string
  /** @default 'create' when the sender's identity does not cover the inbox */
  readonly recipientIdentity?: IdentityMode
  readonly dmarc?: string
  /**
   * The MAIL FROM host's label under the sender's domain (its MX and SPF records are written
   * there): another one when `mail.` is taken.
   * @default 'mail'
   */
  readonly mailFromSubdomain?: string
  readonly opsEmail?: string
  readonly domainName?: string
  readonly hostedZoneId?: string
  readonly hostedZoneName?: string
  /** A certificate in us-east-1 for `domainName`, when there is no hosted zone to issue one. */
  readonly certificateArn?: string
  /** @default 'api.<hostedZoneName>' (required without a hosted zone) */
  readonly apiDomainName?: string
  /** A certificate in the stage's region for `apiDomainName`, when there is no hosted zone. */
  readonly apiCertificateArn?: string
  readonly apiRateLimit?: number
  readonly apiBurstLimit?: number
  readonly waf?: boolean
  readonly wafRateLimit?: number
  /**
   * When the agency's digest of held and undelivered enquiries is sent: an EventBridge schedule
   * in UTC, at most hourly.
   * @default DEFAULT_DIGEST_SCHEDULE, daily at 08:00 UTC
   */
  readonly digestSchedule?: string
  /**
   * How often the canary sends a synthetic enquiry through the public site (5 to 1440 minutes).
   * @default 60
   */
  readonly canaryIntervalMinutes?: number
  /**
   * Days the digest lists an enquiry in full from when it started waiting; older ones: counted.
   * @default enquiryActionsApi.listDays, 14
   */
  readonly digestListDays?: number
  /**
   * A second address that also gets the digest when the agency inbox itself refused mail (an
   * enquiry e-mail bounced or was marked as spam there).
   * @default - none: the ops topic's bounce and complaint alarms tell ops
   */
  readonly digestCopyTo?: string
}

/** Create an SES identity in the stage, or use one already verified in the account and region. */
export type IdentityMode = 'create' | 'existing'
export type SenderIdentityMode = 'address' | 'domain' | 'existing'

const blankIsUnset = (value: unknown) =>
  value === undefined || (typeof value === 'string' && value.trim() === '') ? undefined : value
const lowerCased = (value: unknown) => {
  const set = blankIsUnset(value)
  return set === undefined ? undefined : String(set).trim().toLowerCase()
}
const optionalText = (pattern: RegExp, message: string) =>
  z.preprocess(blankIsUnset, z.string().trim().regex(pattern, message).optional())
const optionalEmail = (name: string) =>
  z.preprocess(blankIsUnset, z.email(`${name} must be an e-mail address`).optional())
const optionalCount = (name: string) =>
  z.preprocess(
    (value) => (blankIsUnset(value) === undefined ? undefined : Number(value)),
    z
      .number(`${name} must be a number`)
      .int(`${name} must be a whole number`)
      .positive()
      .optional(),
  )

/**
 * An EventBridge schedule expression that sends a digest at most once an hour: `rate(N hours)` or
 * `rate(N days)`, or a six-field `cron(…)` on one minute of the hour whose day of the month or
 * day of the week (exactly one) is `?`. A digest every minute would bury the inbox it serves.
 */
function isDigestSchedule(expression: string): boolean {
  const rate = /^rate\((\d+) (hour|day)(s?)\)$/.exec(expression)
  if (rate) return Number(rate[1]) >= 1 && (rate[1] === '1') === (rate[3] === '')
  const fields = /^cron\(([^()]+)\)$/.exec(expression)?.[1]?.trim().split(/\s+/) ?? []
  return (
    fields.length === 6 &&
    /^[1-5]?\d$/.test(fields[0] ?? '') &&
    (fields[2] === '?') !== (fields[4] === '?')
  )
}

const digestScheduleRule =
  'digestSchedule: an EventBridge schedule in UTC, at most hourly, e.g. "cron(30 7 ? * MON-FRI *)" or "rate(12 hours)"'

const hostName = /^([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/
const acmArn = (region: string) =>
  new RegExp(`^arn:aws[a-z-]*:acm:${region}:\\d{12}:certificate/[\\w-]+$`)

const settingsSchema = z
  .object({
    stackName: optionalText(
      /^[A-Za-z][A-Za-z0-9-]{0,100}$/,
      'stackName: letters, digits and hyphens',
    ),
    account: optionalText(/^\d{12}$/, 'account: 12 digits'),
    region: optionalText(/^[a-z]{2}(-[a-z]+)+-\d$/, 'region must look like eu-west-2'),
    senderEmail: optionalEmail('senderEmail'),
    agencyEmail: optionalEmail('agencyEmail'),
    opsEmail: optionalEmail('opsEmail'),
    senderIdentity: z.preprocess(
      lowerCased,
      z
        .enum(['address', 'domain', 'existing'], {
          error: 'senderIdentity must be address, domain or existing',
        })
        .optional(),
    ),
    recipientIdentity: z.preprocess(
      lowerCased,
      z
        .enum(['create', 'existing'], { error: 'recipientIdentity must be create or existing' })
        .optional(),
    ),
    dmarc: optionalText(
      /^v=DMARC1;\s*p=(none|quarantine|reject)(;[^"\\]*)?$/,
      'dmarc: a DMARC record, e.g. "v=DMARC1; p=quarantine; rua=mailto:dmarc@example.com"',
    ),
    mailFromSubdomain: optionalText(
      /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/,
      'mailFromSubdomain: one lower-case DNS label, e.g. bounce',
    ),
    domainName: optionalText(hostName, 'domainName: a lower-case host name'),
    hostedZoneId: optionalText(/^Z[A-Z0-9]+$/, 'hostedZoneId looks like Z0123456789ABC'),
    hostedZoneName: z.preprocess(
      (value) => lowerCased(value)?.replace(/\.$/, ''),
      z.string().regex(hostName, 'hostedZoneName: a lower-case domain name').optional(),
    ),
    certificateArn: optionalText(
      acmArn('us-east-1'),
      'certificateArn must be an ACM certificate in us-east-1 (CloudFront reads only there)',
    ),
    apiDomainName: optionalText(hostName, 'apiDomainName: a lower-case host name'),
    apiCertificateArn: optionalText(
      acmArn('[a-z]{2}(-[a-z]+)+-\\d'),
      'apiCertificateArn must be an ACM certificate ARN',
    ),
    apiRateLimit: optionalCount('apiRateLimit'),
    apiBurstLimit: optionalCount('apiBurstLimit'),
    waf: z.preprocess(
      lowerCased,
      z.enum(['true', 'false'], { error: 'waf must be true or false' }).optional(),
    ),
    wafRateLimit: optionalCount('wafRateLimit').pipe(
      z
        .number()
        .min(
          WAF_RATE_LIMIT_MIN,
          `wafRateLimit must be at least ${WAF_RATE_LIMIT_MIN} (AWS WAF's minimum)`,
        )
        .max(WAF_RATE_LIMIT_MAX, `wafRateLimit must be at most ${WAF_RATE_LIMIT_MAX}`)
        .optional(),
    ),
    digestSchedule: z.preprocess(
      blankIsUnset,
      z.string(digestScheduleRule).trim().refine(isDigestSchedule, digestScheduleRule).optional(),
    ),
    canaryIntervalMinutes: optionalCount('canaryIntervalMinutes').pipe(
      z
        .number()
        .min(5, 'canaryIntervalMinutes must be at least 5 (a run may take about 6 minutes)')
        .max(1440, 'canaryIntervalMinutes must be at most 1440 (once a day)')
        .optional(),
    ),
    digestListDays: optionalCount('digestListDays').pipe(
      z.number().max(365, 'digestListDays must be at most 365').optional(),
    ),
    digestCopyTo: optionalEmail('digestCopyTo'),
  })
  .superRefine((s, ctx) => {
    const problem = (message: string) => ctx.addIssue({ code: 'custom', message })
    if (Boolean(s.hostedZoneId) !== Boolean(s.hostedZoneName)) {
      problem('hostedZoneId and hostedZoneName go together')
    }
    if (s.domainName && !s.hostedZoneId && !s.certificateArn) {
      problem('domainName needs hostedZoneId + hostedZoneName, or a certificateArn')
    }
    if (!s.domainName && (s.hostedZoneId || s.certificateArn || s.apiDomainName)) {
      problem('hostedZoneId/certificateArn/apiDomainName need a domainName')
    }
    if (s.domainName && !s.hostedZoneId && !(s.apiDomainName && s.apiCertificateArn)) {
      // No zone to issue and validate the API's certificate in, or to write its record into.
      problem('a domainName without a hosted zone needs apiDomainName and apiCertificateArn')
    }
    if (s.apiCertificateArn && s.hostedZoneId) {
      problem('apiCertificateArn is only for a domain without a hosted zone')
    }
    for (const [key, name] of [
      ['domainName', s.domainName],
      ['apiDomainName', s.apiDomainName],
    ] as const) {
      if (name && s.hostedZoneName && !`.${name}`.endsWith(`.${s.hostedZoneName}`)) {
        problem(`${key} ${name} is not inside hostedZoneName ${s.hostedZoneName}`)
      }
    }
    if (s.apiDomainName && s.apiDomainName === s.domainName) {
      problem('apiDomainName must differ from domainName (CloudFront serves that name)')
    }
    const apiCertificateRegion = s.apiCertificateArn?.split(':')[3]
    if (apiCertificateRegion && apiCertificateRegion !== (s.region ?? DEFAULT_REGION)) {
      problem(`apiCertificateArn must be in the stage's region (${s.region ?? DEFAULT_REGION})`)
    }
    if (Boolean(s.apiRateLimit) !== Boolean(s.apiBurstLimit)) {
      problem('apiRateLimit and apiBurstLimit go together')
    }
    if (s.wafRateLimit !== undefined && s.waf !== 'true') {
      problem('wafRateLimit needs waf=true')
    }
  })

/** `true` only when the typed settings and the schema name the same keys (else a type error). */
type SameKeys<A, B> = [keyof A] extends [keyof B]
  ? [keyof B] extends [keyof A]
    ? true
    : never
  : never
const schemaCoversSettings: SameKeys<StageSettings, typeof settingsSchema.shape> = true

/** The keys a stage's settings may hold. */
export const settingKeys = (schemaCoversSettings &&
  Object.keys(settingsSchema.shape)) as (keyof StageSettings)[]

/** Everything one stage deploys, validated. */
export interface DeployConfig {
  /** The stage: names one independent copy of the product (its stacks, table, alarms). */
  readonly stage: string
  readonly stackName: string
  readonly env: { readonly account?: string; readonly region: string }
  readonly site: Site
  readonly senderEmail: string
  readonly agencyEmail: string
  readonly opsEmail?: string
  /**
   * The sender's SES identity: the single `address` (verified by a link SES mails it), the whole
   * `domain` (Easy DKIM and a custom MAIL FROM; records written into the hosted zone when it is
   * the sender's domain, else listed as stack outputs), or an `existing` identity of the account.
   */
  readonly senderIdentity: SenderIdentityMode
  /**
   * The agency inbox's identity (the SES sandbox sends only to verified addresses). Absent when
   * the sender's identity already covers the inbox.
   */
  readonly recipientIdentity?: IdentityMode
  /**
   * A DMARC record for the sender's domain: written into the hosted zone when that is the
   * sender's domain, else listed among the records to create.
   */
  readonly dmarc?: string
  /**
   * The MAIL FROM host's label under the sender's domain (a `domain` identity's bounces).
   * @default MAIL_FROM_SUBDOMAIN ('mail')
   */
  readonly mailFromSubdomain?: string
  readonly domain?: {
    readonly domainName: string
    readonly hostedZone?: { readonly hostedZoneId: string; readonly zoneName: string }
    readonly certificateArn?: string
    /** The contact API's own custom domain: CloudFront's origin for `/api/*`. */
    readonly api: { readonly domainName: string; readonly certificateArn?: string }
  }
  readonly apiThrottle?: { readonly rateLimit: number; readonly burstLimit: number }
  /** A WAF web ACL on the distribution, rate-limiting `/api/*` per client IP. */
  readonly waf?: { readonly rateLimit: number }
  /** When the digest of enquiries nobody has seen is sent (an EventBridge schedule, UTC). */
  readonly digestSchedule: string
  /** How often the canary runs, in minutes; absent: hourly (the canary's default). */
  readonly canaryIntervalMinutes?: number
  /** How many days the digest lists an enquiry in full. */
  readonly digestListDays: number
  /** Also gets the digest when the agency inbox refused mail. */
  readonly digestCopyTo?: string
}

type Env = Record<string, string | undefined>

/** Turns a list of zod issues into one error naming every bad value. */
export function settingsError(heading: string, problems: string[]): Error {
  return new Error(`${heading}:\n${problems.map((problem) => `- ${problem}`).join('\n')}`)
}

/**
 * One stage's settings (committed, with any overrides applied) and the environment (the site's
 * identity, the credentials' account) as the stage deploys them; throws naming every bad value.
 */
export function parseStage(stage: string, settings: unknown, env: Env): DeployConfig {
  if (!stageNamePattern.test(stage)) {
    throw settingsError(`Invalid stage name "${stage}"`, [
      'up to 16 lower-case letters and digits, starting with a letter, e.g. staging',
    ])
  }
  const site = parseSite(env)
  const result = settingsSchema.safeParse(settings)
  if (!result.success) {
    throw settingsError(
      `Invalid settings for stage ${stage}`,
      result.error.issues.map((issue) => issue.message),
    )
  }
  const s = result.data
  const account = s.account ?? env.CDK_DEFAULT_ACCOUNT
  const senderEmail = s.senderEmail ?? site.email
  const agencyEmail = s.agencyEmail ?? site.email
  // An address identity covers itself; a domain identity (hosted zone of the sender's domain)
  // covers every address in that domain.
  const senderDomain = domainOf(senderEmail)
  const senderIdentity: SenderIdentityMode =
    s.senderIdentity ?? (s.hostedZoneName === senderDomain ? 'domain' : 'address')
  const recipientCovered =
    agencyEmail.toLowerCase() === senderEmail.toLowerCase() ||
    (senderIdentity === 'domain' && domainOf(agencyEmail) === senderDomain)
  return {
    stage,
    stackName:
      s.stackName ??
      (stage === PRODUCTION_STAGE ? DEFAULT_STACK_NAME : `${DEFAULT_STACK_NAME}-${stage}`),
    env: { ...(account && { account }), region: s.region ?? DEFAULT_REGION },
    site,
    // One verified address can be both sender and recipient, which is all the SES sandbox needs.
    senderEmail,
    agencyEmail,
    ...(s.opsEmail && { opsEmail: s.opsEmail }),
    senderIdentity,
    ...(!recipientCovered && { recipientIdentity: s.recipientIdentity ?? 'create' }),
    ...(s.dmarc && { dmarc: s.dmarc }),
    ...(s.mailFromSubdomain && { mailFromSubdomain: s.mailFromSubdomain }),
    ...(s.domainName && {
      domain: {
        domainName: s.domainName,
        ...(s.hostedZoneId &&
          s.hostedZoneName && {
            hostedZone: { hostedZoneId: s.hostedZoneId, zoneName: s.hostedZoneName },
          }),
        ...(s.certificateArn && { certificateArn: s.certificateArn }),
        api: {
          domainName: s.apiDomainName ?? `api.${s.hostedZoneName}`,
          ...(s.apiCertificateArn && { certificateArn: s.apiCertificateArn }),
        },
      },
    }),
    ...(s.apiRateLimit &&
      s.apiBurstLimit && {
        apiThrottle: { rateLimit: s.apiRateLimit, burstLimit: s.apiBurstLimit },
      }),
    ...(s.waf === 'true' && { waf: { rateLimit: s.wafRateLimit ?? WAF_DEFAULT_RATE_LIMIT } }),
    digestSchedule: s.digestSchedule ?? DEFAULT_DIGEST_SCHEDULE,
    ...(s.canaryIntervalMinutes && { canaryIntervalMinutes: s.canaryIntervalMinutes }),
    digestListDays: s.digestListDays ?? enquiryActionsApi.listDays,
    ...(s.digestCopyTo && { digestCopyTo: s.digestCopyTo }),
  }
}
