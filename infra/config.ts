import { z } from 'zod'
import { parseSite, type Site } from '../shared/site.ts'
import {
  WAF_DEFAULT_RATE_LIMIT,
  WAF_RATE_LIMIT_MAX,
  WAF_RATE_LIMIT_MIN,
} from './constructs/web-acl.ts'

/**
 * Where the product runs unless `-c region=` says otherwise: London, so enquiries (personal data)
 * stay in the UK. Deliberately not the AWS profile's region (the CLI falls back to us-east-1
 * when there is none): where personal data lives is a decision, not a side effect of a laptop.
 */
export const DEFAULT_REGION = 'eu-west-2'
export const DEFAULT_STACK_NAME = 'ElevateDigital'
/**
 * The stage a deployment is unless `-c stage=` names another. Its stacks keep the plain names
 * (`ElevateDigital`, `ElevateDigital-Edge`); any other stage's carry its name.
 */
export const DEFAULT_STAGE = 'prod'

/** How the stack treats an SES identity: create and verify it, or use one already verified. */
const identityMode = (name: string) =>
  z.preprocess(
    (value) =>
      value === undefined || value === '' ? undefined : String(value).trim().toLowerCase(),
    z.enum(['create', 'existing'], { error: `${name} must be create or existing` }).optional(),
  )

const optionalText = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.string().trim().optional(),
)
const optionalEmail = (name: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.email(`${name} must be an e-mail address`).optional(),
  )
const optionalCount = (name: string) =>
  z.preprocess(
    (value) => (value === undefined || value === '' ? undefined : Number(value)),
    z
      .number(`${name} must be a number`)
      .int(`${name} must be a whole number`)
      .positive()
      .optional(),
  )

const contextSchema = z
  .object({
    stage: optionalText.pipe(
      z
        .string()
        .regex(
          /^[a-z][a-z0-9]{0,15}$/,
          'stage: up to 16 lower-case letters and digits, e.g. staging',
        )
        .optional(),
    ),
    stackName: optionalText.pipe(
      z
        .string()
        .regex(/^[A-Za-z][A-Za-z0-9-]{0,100}$/, 'stackName: letters, digits and hyphens')
        .optional(),
    ),
    account: optionalText.pipe(
      z
        .string()
        .regex(/^\d{12}$/, 'account: 12 digits')
        .optional(),
    ),
    region: optionalText.pipe(
      z
        .string()
        .regex(/^[a-z]{2}(-[a-z]+)+-\d$/, 'region must look like eu-west-2')
        .optional(),
    ),
    senderEmail: optionalEmail('senderEmail'),
    agencyEmail: optionalEmail('agencyEmail'),
    opsEmail: optionalEmail('opsEmail'),
    senderIdentity: z.preprocess(
      (value) =>
        value === undefined || value === '' ? undefined : String(value).trim().toLowerCase(),
      z
        .enum(['address', 'domain', 'existing'], {
          error: 'senderIdentity must be address, domain or existing',
        })
        .optional(),
    ),
    recipientIdentity: identityMode('recipientIdentity'),
    dmarc: optionalText.pipe(
      z
        .string()
        .regex(
          /^v=DMARC1;\s*p=(none|quarantine|reject)(;[^"\\]*)?$/,
          'dmarc: a DMARC record, e.g. "v=DMARC1; p=quarantine; rua=mailto:dmarc@example.com"',
        )
        .optional(),
    ),
    domainName: optionalText.pipe(
      z
        .string()
        .regex(
          /^([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/,
          'domainName: a lower-case host name',
        )
        .optional(),
    ),
    hostedZoneId: optionalText.pipe(
      z
        .string()
        .regex(/^Z[A-Z0-9]+$/, 'hostedZoneId looks like Z0123456789ABC')
        .optional(),
    ),
    hostedZoneName: optionalText.pipe(z.string().optional()),
    certificateArn: optionalText.pipe(
      z
        .string()
        .regex(
          /^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/,
          'certificateArn must be an ACM certificate in us-east-1 (CloudFront reads only there)',
        )
        .optional(),
    ),
    apiRateLimit: optionalCount('apiRateLimit'),
    apiBurstLimit: optionalCount('apiBurstLimit'),
    waf: z.preprocess(
      (value) =>
        value === undefined || value === '' ? undefined : String(value).trim().toLowerCase(),
      z.enum(['true', 'false'], { error: 'waf must be true or false' }).optional(),
    ),
    digestSchedule: optionalText.pipe(
      z
        .string()
        .regex(
          /^(cron|rate)\([^()]+\)$/,
          'digestSchedule: an EventBridge schedule, e.g. "cron(0 8 ? * MON-FRI *)" or "rate(12 hours)"',
        )
        .optional(),
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
  })
  .superRefine((context, ctx) => {
    if (Boolean(context.hostedZoneId) !== Boolean(context.hostedZoneName)) {
      ctx.addIssue({ code: 'custom', message: 'hostedZoneId and hostedZoneName go together' })
    }
    if (context.domainName && !context.hostedZoneId && !context.certificateArn) {
      ctx.addIssue({
        code: 'custom',
        message: 'domainName needs hostedZoneId + hostedZoneName, or a certificateArn',
      })
    }
    if (!context.domainName && (context.hostedZoneId || context.certificateArn)) {
      ctx.addIssue({ code: 'custom', message: 'hostedZoneId/certificateArn need a domainName' })
    }
    const zone = context.hostedZoneName?.replace(/\.$/, '').toLowerCase()
    if (context.domainName && zone && !`.${context.domainName}`.endsWith(`.${zone}`)) {
      ctx.addIssue({
        code: 'custom',
        message: `domainName ${context.domainName} is not inside hostedZoneName ${zone}`,
      })
    }
    if (Boolean(context.apiRateLimit) !== Boolean(context.apiBurstLimit)) {
      ctx.addIssue({ code: 'custom', message: 'apiRateLimit and apiBurstLimit go together' })
    }
    if (context.wafRateLimit !== undefined && context.waf !== 'true') {
      ctx.addIssue({ code: 'custom', message: 'wafRateLimit needs waf=true' })
    }
  })

export type DeployContext = z.input<typeof contextSchema>

/** Create an SES identity in this stack, or use one already verified in the account and region. */
export type IdentityMode = 'create' | 'existing'
export type SenderIdentityMode = 'address' | 'domain' | 'existing'

export interface DeployConfig {
  /** Names one independent copy of the product (its stacks, table, identities' use, alarms). */
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
  readonly domain?: {
    readonly domainName: string
    readonly hostedZone?: { readonly hostedZoneId: string; readonly zoneName: string }
    readonly certificateArn?: string
  }
  readonly apiThrottle?: { readonly rateLimit: number; readonly burstLimit: number }
  /** A WAF web ACL on the distribution, rate-limiting `/api/*` per client IP. */
  readonly waf?: { readonly rateLimit: number }
  /** When the digest of enquiries nobody has seen is sent (EventBridge); absent: daily. */
  readonly digestSchedule?: string
}

/** The context keys `cdk -c key=value` (or cdk.json) may set. */
export const contextKeys = Object.keys(contextSchema.shape) as (keyof DeployContext)[]

type Env = Record<string, string | undefined>

/**
 * The deployment's settings from CDK context (`-c key=value`) and the environment (the site's
 * identity, the default account and region); throws naming every bad value.
 */
export function parseDeployConfig(context: Record<string, unknown>, env: Env): DeployConfig {
  const site = parseSite(env)
  const result = contextSchema.safeParse(context)
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `- ${issue.message}`).join('\n')
    throw new Error(`Invalid deployment context:\n${problems}`)
  }
  const c = result.data
  const siteHost = new URL(site.url).host
  if (c.domainName && c.domainName !== siteHost) {
    // The built pages' canonical links and sitemap name SITE_URL's host.
    throw new Error(
      `Invalid deployment context:\n- domainName ${c.domainName} differs from SITE_URL's host ${siteHost}; set SITE_URL=https://${c.domainName}`,
    )
  }
  const account = c.account ?? env.CDK_DEFAULT_ACCOUNT
  const stage = c.stage ?? DEFAULT_STAGE
  const senderEmail = c.senderEmail ?? site.email
  const agencyEmail = c.agencyEmail ?? site.email
  // An address identity covers itself; a domain identity (hosted zone of the sender's domain)
  // covers every address in that domain.
  const senderDomain = domainOf(senderEmail)
  const zoneName = c.hostedZoneName?.replace(/\.$/, '').toLowerCase()
  const senderIdentity: SenderIdentityMode =
    c.senderIdentity ?? (zoneName === senderDomain ? 'domain' : 'address')
  const recipientCovered =
    agencyEmail.toLowerCase() === senderEmail.toLowerCase() ||
    (senderIdentity === 'domain' && domainOf(agencyEmail) === senderDomain)
  return {
    stage,
    stackName:
      c.stackName ??
      (stage === DEFAULT_STAGE ? DEFAULT_STACK_NAME : `${DEFAULT_STACK_NAME}-${stage}`),
    env: {
      ...(account && { account }),
      region: c.region ?? DEFAULT_REGION,
    },
    site,
    // One verified address can be both sender and recipient, which is all the SES sandbox needs.
    senderEmail,
    agencyEmail,
    ...(c.opsEmail && { opsEmail: c.opsEmail }),
    senderIdentity,
    ...(!recipientCovered && { recipientIdentity: c.recipientIdentity ?? 'create' }),
    ...(c.dmarc && { dmarc: c.dmarc }),
    ...(c.domainName && {
      domain: {
        domainName: c.domainName,
        ...(c.hostedZoneId &&
          c.hostedZoneName && {
            hostedZone: {
              hostedZoneId: c.hostedZoneId,
              zoneName: c.hostedZoneName.replace(/\.$/, ''),
            },
          }),
        ...(c.certificateArn && { certificateArn: c.certificateArn }),
      },
    }),
    ...(c.apiRateLimit &&
      c.apiBurstLimit && {
        apiThrottle: { rateLimit: c.apiRateLimit, burstLimit: c.apiBurstLimit },
      }),
    ...(c.waf === 'true' && {
      waf: { rateLimit: c.wafRateLimit ?? WAF_DEFAULT_RATE_LIMIT },
    }),
    ...(c.digestSchedule && { digestSchedule: c.digestSchedule }),
  }
}

const domainOf = (address: string) => address.split('@').pop()?.toLowerCase()
