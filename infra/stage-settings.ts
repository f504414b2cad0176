import { z } from 'zod'
import { parseSite, type Site } from '#shared/site.ts'
import {
  type DomainConfig,
  type DomainSettings,
  domainConfig,
  domainProblems,
  domainSettingsShape,
} from './settings/domain-settings.ts'
import {
  type EvidenceConfig,
  type EvidenceSettings,
  evidenceConfig,
  evidenceSettingsShape,
} from './settings/evidence-settings.ts'
import {
  type MailConfig,
  type MailSettings,
  mailConfig,
  mailSettingsShape,
} from './settings/mail-settings.ts'
import {
  type MonitoringConfig,
  type MonitoringSettings,
  monitoringConfig,
  monitoringSettingsShape,
} from './settings/monitoring-settings.ts'
import {
  type StaffConfig,
  type StaffSettings,
  staffConfig,
  staffProblems,
  staffSettingsShape,
} from './settings/staff-settings.ts'
import {
  type TrafficConfig,
  type TrafficSettings,
  trafficConfig,
  trafficProblems,
  trafficSettingsShape,
} from './settings/traffic-settings.ts'
import { optionalText } from './settings/values.ts'

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
 * as strings). Every key is optional; docs/deploy.md describes each. Each concern's settings,
 * their rules and what they become are in a module of infra/settings/ of their own.
 */
export interface StageSettings
  extends MailSettings,
    DomainSettings,
    TrafficSettings,
    StaffSettings,
    MonitoringSettings,
    EvidenceSettings {
  /** @default 'ElevateDigital' for prod, else 'ElevateDigital-<stage>' */
  readonly stackName?: string
  /** @default the deploying credentials' account */
  readonly account?: string
  /** @default DEFAULT_REGION */
  readonly region?: string
}

const settingsSchema = z
  .object({
    stackName: optionalText(
      /^[A-Za-z][A-Za-z0-9-]{0,100}$/,
      'stackName: letters, digits and hyphens',
    ),
    account: optionalText(/^\d{12}$/, 'account: 12 digits'),
    region: optionalText(/^[a-z]{2}(-[a-z]+)+-\d$/, 'region must look like eu-west-2'),
    ...mailSettingsShape,
    ...domainSettingsShape,
    ...trafficSettingsShape,
    ...staffSettingsShape,
    ...monitoringSettingsShape,
    ...evidenceSettingsShape,
  })
  .superRefine((s, ctx) => {
    for (const message of [
      ...domainProblems(s, s.region ?? DEFAULT_REGION),
      ...trafficProblems(s),
      ...staffProblems(s, s.region ?? DEFAULT_REGION),
    ]) {
      ctx.addIssue({ code: 'custom', message })
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
export interface DeployConfig
  extends MailConfig,
    DomainConfig,
    TrafficConfig,
    StaffConfig,
    MonitoringConfig,
    EvidenceConfig {
  /** The stage: names one independent copy of the product (its stacks, table, alarms). */
  readonly stage: string
  readonly stackName: string
  readonly env: { readonly account?: string; readonly region: string }
  readonly site: Site
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
  return {
    stage,
    stackName:
      s.stackName ??
      (stage === PRODUCTION_STAGE ? DEFAULT_STACK_NAME : `${DEFAULT_STACK_NAME}-${stage}`),
    env: { ...(account && { account }), region: s.region ?? DEFAULT_REGION },
    site,
    ...mailConfig(s, site),
    ...evidenceConfig(s, s.agencyEmail ?? site.email),
    ...domainConfig(s),
    ...trafficConfig(s),
    ...staffConfig(s, { region: s.region ?? DEFAULT_REGION, hostedZoneName: s.hostedZoneName }),
    ...monitoringConfig(s),
  }
}
