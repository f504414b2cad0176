import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Finding } from '#functions/retention-audit/finding.ts'
import type { StackTemplate } from '#functions/retention-audit/template-pool.ts'
import { BrokenBuild, UsageProblem } from './refusals.ts'
import { templatesIn } from './templates.ts'

/** What synthesising the app gave: its templates, or a finding naming what refused to build. */
export interface Synthesis {
  readonly stacks: StackTemplate[]
  readonly findings: Finding[]
  /** The stages synthesised. */
  readonly stages: string[]
}

/** A settings error (a heading and `- problem` lines) in one line. */
function flat(error: unknown): string {
  const [heading, ...problems] = (error as Error).message.split(/\s*\n-\s*/)
  return problems.length > 0
    ? `${heading?.replace(/:$/, '')}: ${problems.join('; ')}`
    : `${heading}`
}

/**
 * The app as `cdk synth` builds it (infra/app.ts: the committed stages of infra/stages.ts, the
 * same stage selection and overrides, cdk.json's flags), offline and without bundling, around a
 * placeholder site folder: pages hold no personal data and no retention setting depends on them,
 * so the audit needs no build. cdk-nag's findings are not the audit's business: their report
 * does not stop it reading the templates.
 */
export async function synthesiseApp(context: Record<string, string>): Promise<Synthesis> {
  let assembly: typeof import('#infra/assemble-app.ts')
  let config: typeof import('#infra/stage-settings.ts')
  let selection: typeof import('#infra/stage-selection.ts')
  let committed: typeof import('#infra/stages.ts')
  let run: typeof import('#infra/cdk-commands.ts')
  let placeholder: typeof import('#infra/placeholder-site.ts')
  let cdk: typeof import('aws-cdk-lib')
  let regions: typeof import('aws-cdk-lib/region-info')
  try {
    ;[assembly, config, selection, committed, run, placeholder, cdk, regions] = await Promise.all([
      import('#infra/assemble-app.ts'),
      import('#infra/stage-settings.ts'),
      import('#infra/stage-selection.ts'),
      import('#infra/stages.ts'),
      import('#infra/cdk-commands.ts'),
      import('#infra/placeholder-site.ts'),
      import('aws-cdk-lib'),
      import('aws-cdk-lib/region-info'),
    ])
  } catch (error) {
    throw new BrokenBuild(error)
  }
  // The one-time move of a deployment's data (migrate*) synthesises a stage without its table:
  // nothing to audit there.
  const known = ['stage', ...config.settingKeys] as string[]
  const unknown = Object.keys(context).filter((key) => !known.includes(key))
  if (unknown.length > 0) {
    throw new UsageProblem(`-c ${unknown.join(', ')}: not a setting of this app`)
  }
  // The npm scripts' environment (SITE_URL naming the production stage's domain when unset).
  const env = run.commandEnv()
  let configs: ReturnType<typeof selection.selectStages>['configs']
  try {
    // The committed settings alone first: if they do not hold, no flag is to blame.
    configs = selection.selectStages(committed.stages, {}, env).configs
  } catch (error) {
    throw new BrokenBuild(`infra/stages.ts: ${flat(error)}`)
  }
  if (Object.keys(context).length > 0) {
    try {
      configs = selection.selectStages(committed.stages, context, env).configs
    } catch (error) {
      throw new UsageProblem(flat(error))
    }
  }
  const knownRegions = new Set(regions.RegionInfo.regions.map((region) => region.name))
  for (const { stage, env: where } of configs) {
    if (!cdk.Token.isUnresolved(where.region) && !knownRegions.has(where.region)) {
      throw new BrokenBuild(`infra/stages.ts: stage ${stage}: ${where.region} is not an AWS region`)
    }
  }

  const stages = configs.map((config) => config.stage)
  const root = mkdtempSync(join(tmpdir(), 'retention-audit-'))
  try {
    const outdir = join(root, 'cdk.out')
    const synthApp = assembly.offlineApp({ outdir })
    try {
      assembly.assembleApp(synthApp, {
        stages: committed.stages,
        context,
        env,
        siteDirectory: placeholder.writePlaceholderSite(join(root, 'site')),
      })
      synthApp.synth()
    } catch (error) {
      const refusal = refusalOf(error)
      if (refusal) return { stacks: [], findings: [refusal], stages }
      if (
        (error as Error)?.name !== 'ValidationFailed' ||
        !existsSync(join(outdir, 'manifest.json'))
      ) {
        throw new BrokenBuild(error)
      }
    }
    return { stacks: templatesIn(outdir), findings: [], stages }
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}

/**
 * A construct that refused a value (the CDK's ValidationError names its path): as written, the
 * stack cannot be deployed, and what it would keep cannot be checked. A breach, named.
 */
function refusalOf(error: unknown): Finding | undefined {
  const path = (error as { constructPath?: unknown })?.constructPath
  if (typeof path !== 'string') return undefined
  return {
    status: 'fail',
    place: `The CDK app refuses ${path}`,
    detail: `${(error as Error).message.replace(/\s+/g, ' ')}: as written, the stack cannot be deployed, so nothing it would keep can be audited`,
  }
}
