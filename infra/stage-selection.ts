import { identityPlan } from './constructs/email-identities.ts'
import {
  type DeployConfig,
  PRODUCTION_STAGE,
  parseStage,
  type StageSettings,
  settingKeys,
  settingsError,
} from './stage-settings.ts'

export type Env = Record<string, string | undefined>

/** Where a stage is, not how it is set up: only infra/stages.ts sets these. */
const committedOnly = ['stackName', 'account', 'region'] as const

/**
 * The one-time move of an existing deployment's table and buckets out of its site stack
 * (docs/deploy.md, "Moving an existing deployment's data into its own stack"): their names, read
 * from the deployed stack, stand in for the data stack's until `cdk import` adopts them.
 */
export interface Migration {
  readonly tableName: string
  readonly siteBucketName: string
  readonly logBucketName: string
}
const migrationKeys = {
  migrateTable: 'tableName',
  migrateSiteBucket: 'siteBucketName',
  migrateLogBucket: 'logBucketName',
} as const

/** Every CDK context key the app reads (only infra/app.ts reads them). */
export const contextKeys = ['stage', ...Object.keys(migrationKeys), ...settingKeys]

/** The build's site URL the production stage's domain implies (SITE_URL must name it). */
export function productionSiteUrl(
  committed: Readonly<Record<string, StageSettings>>,
): string | undefined {
  const domainName = committed[PRODUCTION_STAGE]?.domainName
  return domainName ? `https://${domainName}` : undefined
}

export interface Selection {
  /** The stages to synthesise: the one `-c stage=NAME` names, else every committed stage. */
  readonly configs: DeployConfig[]
  readonly migration?: Migration
}

/**
 * The stages this run synthesises, from the committed settings and CDK context (`-c key=value`,
 * cdk.json). Overrides need a named stage and may not take away anything its committed settings
 * deploy (a domain, a certificate, the web ACL, an SES identity): a forgotten or mistyped flag must
 * not take the site off its domain or delete an identity. Throws saying why.
 */
export function selectStages(
  committed: Readonly<Record<string, StageSettings>>,
  context: Readonly<Record<string, unknown>>,
  env: Env,
): Selection {
  const names = Object.keys(committed)
  const stage =
    typeof context.stage === 'string' && context.stage !== '' ? context.stage : undefined
  if (stage !== undefined && !Object.hasOwn(committed, stage)) {
    throw settingsError(`There is no stage "${stage}"`, [
      `the committed stages are ${names.join(', ')} (infra/stages.ts); a new stage is one entry there`,
    ])
  }
  const overrides = Object.fromEntries(
    settingKeys.filter((key) => context[key] !== undefined).map((key) => [key, context[key]]),
  )
  const migration = migrationFrom(context, stage)
  if (Object.keys(overrides).length > 0 && stage === undefined) {
    throw settingsError('Settings given without a stage', [
      `${Object.keys(overrides).join(', ')}: name the stage they are for with -c stage=NAME (${names.join(', ')})`,
    ])
  }
  checkSiteUrl(committed, env)

  const configs = (stage === undefined ? names : [stage]).map((name) => {
    const settings = committed[name] as StageSettings
    if (name !== stage || Object.keys(overrides).length === 0)
      return parseStage(name, settings, env)
    const before = parseStage(name, settings, env)
    let after: DeployConfig
    try {
      after = parseStage(name, { ...settings, ...overrides }, env)
    } catch (error) {
      // Settings the override leaves inconsistent (a blanked domain with its zone still set) are
      // refused first for what the change would remove, then for the inconsistency.
      refuseLosses(name, overrides, lostParts(before, settings, overrides))
      throw error
    }
    refuseLosses(name, overrides, lostParts(before, settings, overrides, after))
    return after
  })
  return { configs, ...(migration && { migration }) }
}

/**
 * The built pages name SITE_URL in their canonical links and sitemap; every stage serves the one
 * build, so it must name the production stage's domain (other stages' copies then point search
 * engines at the live site).
 */
function checkSiteUrl(committed: Readonly<Record<string, StageSettings>>, env: Env) {
  const production = committed[PRODUCTION_STAGE]
  if (!production) return
  const { domain, site } = parseStage(PRODUCTION_STAGE, production, env)
  const host = new URL(site.url).host
  if (domain && domain.domainName !== host) {
    throw settingsError('The build names another site', [
      `SITE_URL's host ${host} is not the ${PRODUCTION_STAGE} stage's domain ${domain.domainName}: set SITE_URL=https://${domain.domainName} (npm run synth, diff and deploy do it when SITE_URL is unset)`,
    ])
  }
}

function refuseLosses(stage: string, overrides: Record<string, unknown>, problems: string[]) {
  if (problems.length === 0) return
  const flags = Object.entries(overrides)
    .map(([key, value]) => `-c ${key}=${value}`)
    .join(' ')
  throw settingsError(`Refused: ${flags} for stage ${stage}`, [
    ...problems,
    `the stage's settings are committed in infra/stages.ts; change them there if this is what you want`,
  ])
}

/**
 * What the overrides would take away from the committed stage: the parts no longer there once
 * the merged settings are parsed (`after`), or, when they cannot be, the parts resting on a
 * setting the overrides change (blanked included). Moving the stage is refused either way.
 */
function lostParts(
  before: DeployConfig,
  settings: StageSettings,
  overrides: Record<string, unknown>,
  after?: DeployConfig,
): string[] {
  const text = (value: unknown) =>
    String(value ?? '')
      .trim()
      .toLowerCase()
      .replace(/\.$/, '')
  const changed = (key: string) =>
    key in overrides && text(overrides[key]) !== text(settings[key as keyof StageSettings])
  const problems = committedOnly
    .filter((key) => key in overrides)
    .map(
      (key) => `${key} is where the stage is, not how it is set up: change it in infra/stages.ts`,
    )
  const kept = after && protectedParts(after)
  for (const [part, { consequence, settings: keys }] of protectedParts(before)) {
    if (kept ? !kept.has(part) : keys.some(changed)) {
      problems.push(`it would remove ${part}: ${consequence}`)
    }
  }
  return problems
}

/**
 * What a deploy must never take away by accident, each with what losing it would do and the
 * settings it rests on. The alarm subscription counts: `-c opsEmail=` would otherwise silence
 * every alarm without a word.
 */
function protectedParts(
  config: DeployConfig,
): Map<string, { consequence: string; settings: (keyof StageSettings)[] }> {
  const parts = new Map<string, { consequence: string; settings: (keyof StageSettings)[] }>()
  const domain = config.domain
  if (domain) {
    const zone: (keyof StageSettings)[] = domain.hostedZone
      ? ['hostedZoneId', 'hostedZoneName']
      : []
    parts.set(`the domain ${domain.domainName}`, {
      consequence:
        'the distribution would drop it and its DNS records would be deleted, so the site would go down on that name',
      settings: ['domainName'],
    })
    if (domain.hostedZone) {
      parts.set(`the hosted zone ${domain.hostedZone.hostedZoneId}`, {
        consequence: 'the alias, DKIM and MAIL FROM records written there would be deleted',
        settings: zone,
      })
    }
    parts.set(`the certificate ${domain.certificateArn ?? `issued for ${domain.domainName}`}`, {
      consequence: 'browsers would refuse the site on its domain',
      settings: ['domainName', 'certificateArn', ...zone],
    })
    parts.set(`the API domain ${domain.api.domainName}`, {
      consequence: 'CloudFront would lose its way to the contact API',
      settings: ['apiDomainName', 'apiCertificateArn', ...zone],
    })
  }
  if (config.opsEmail) {
    parts.set(`the alarm e-mails to ${config.opsEmail}`, {
      consequence:
        'both alarm topics would lose that subscription (a new address must confirm its own), so no alarm would reach ops meanwhile',
      settings: ['opsEmail'],
    })
  }
  if (config.waf) {
    parts.set('the WAF web ACL', {
      consequence:
        "the API's per-IP rate limit and AWS's managed rules would stop protecting the site",
      settings: ['waf'],
    })
  }
  for (const name of identityPlan(config).created) {
    parts.set(`the SES identity ${name}`, {
      consequence:
        'it would be deleted, and enquiry e-mails would wait until it is created and verified again',
      settings: [],
    })
  }
  return parts
}

function migrationFrom(
  context: Readonly<Record<string, unknown>>,
  stage: string | undefined,
): Migration | undefined {
  const given = Object.entries(migrationKeys).filter(([key]) => context[key] !== undefined)
  if (given.length === 0) return undefined
  const problems = Object.keys(migrationKeys)
    .filter((key) => typeof context[key] !== 'string' || context[key] === '')
    .map((key) => `${key} is missing`)
  if (stage === undefined) problems.push('name the stage being moved with -c stage=NAME')
  if (problems.length > 0) throw settingsError('Incomplete move of the data stack', problems)
  return Object.fromEntries(
    Object.entries(migrationKeys).map(([key, field]) => [field, String(context[key])]),
  ) as unknown as Migration
}
