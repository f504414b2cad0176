import { type StageSettings, settingKeys } from '#infra/stage-settings.ts'
import { placeholdersIn } from '#infra/stages.ts'
import { type companyDefaults, parseSite, siteDefaults } from '#shared/site.ts'

type Env = Record<string, string | undefined>

/** The variables that set the company's registered details (shared/site.ts). */
const companyVariables: Record<keyof typeof companyDefaults, string> = {
  registeredName: 'SITE_REGISTERED_NAME',
  number: 'SITE_COMPANY_NUMBER',
  registeredIn: 'SITE_REGISTERED_IN',
  registeredOffice: 'SITE_REGISTERED_OFFICE',
  icoNumber: 'SITE_ICO_NUMBER',
}

/**
 * What of the site's identity is still the template's: the company details (the pages would say
 * "(placeholder)" beside them, and a UK company's site must show the real ones), the `.example`
 * e-mail address and the drama phone number.
 */
export function sitePlaceholders(env: Env): string[] {
  const unset = (name: string) => !env[name]?.trim()
  const found = Object.values(companyVariables).filter(unset)
  if (unset('SITE_EMAIL') || env.SITE_EMAIL?.trim() === siteDefaults.email) found.push('SITE_EMAIL')
  if (unset('SITE_PHONE') || env.SITE_PHONE?.trim() === siteDefaults.phone) found.push('SITE_PHONE')
  return found
}

/**
 * Why `npm run deploy` and `npm run diff` refuse to start for `stage`: values left from the
 * template in its committed settings or in the site's identity. Empty when they may go on.
 */
export function deployRefusals(stage: string, settings: StageSettings, env: Env): string[] {
  const refusals: string[] = []
  const placeholders = placeholdersIn(settings)
  if (placeholders.length > 0) {
    refusals.push(
      `The ${stage} stage still holds placeholders: ${placeholders.join(', ')}. Fill them in infra/stages.ts.`,
    )
  }
  const site = sitePlaceholders(env)
  if (site.length > 0) {
    refusals.push(
      `The site's identity is still the template's: set ${site.join(', ')} in the environment ` +
        '(the live pages would otherwise show the placeholders, marked "(placeholder)").',
    )
  }
  try {
    parseSite(env)
  } catch (error) {
    refusals.push((error as Error).message)
  }
  return refusals
}

/**
 * A warning for each stage setting given with `-c key=value` (or `--context`): it applies to this
 * run only, and the next deploy without it takes it away again.
 */
export function oneRunWarnings(stage: string, args: readonly string[]): string[] {
  const given: string[] = []
  for (const [index, arg] of args.entries()) {
    const pair =
      arg === '-c' || arg === '--context'
        ? args[index + 1]
        : arg.startsWith('--context=')
          ? arg.slice('--context='.length)
          : undefined
    const key = pair?.split('=')[0]
    if (pair && key && (settingKeys as string[]).includes(key)) given.push(pair)
  }
  return given.map(
    (pair) =>
      `Note: -c ${pair} applies to this run only. The next \`npm run deploy -- ${stage}\` without ` +
      `it deploys the committed setting again (undoing this); to keep it, set ${pair.split('=')[0]} ` +
      'in infra/stages.ts and commit.',
  )
}
