import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { App, type Stack } from 'aws-cdk-lib'
import { Template } from 'aws-cdk-lib/assertions'
import { defineApp, type StageStacks } from '../define-app.ts'
import { productionSiteUrl, selectStages } from '../stage-selection.ts'
import type { StageSettings } from '../stage-settings.ts'
import { stages as committedStages } from '../stages.ts'

const cdkJson = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')) as {
  context: Record<string, unknown>
}

export interface SynthOptions {
  /**
   * The stages the app is made of.
   * @default the committed stages of infra/stages.ts
   */
  readonly stages?: Readonly<Record<string, StageSettings>>
  /** CDK context, as `-c key=value` would give it (`stage` picks one stage). */
  readonly context?: Readonly<Record<string, unknown>>
  /**
   * Environment variables (SITE_*, GA_MEASUREMENT_ID, CDK_DEFAULT_ACCOUNT).
   * @default - SITE_URL naming the production stage's domain, as the npm scripts set it
   */
  readonly env?: Readonly<Record<string, string>>
  /** Bundle the real functions with esbuild (slow: do it once per run). @default false */
  readonly bundle?: boolean
  /** Changes the defined app before it is synthesised (a test replacing a resource, say). */
  readonly beforeSynth?: (stages: Record<string, StageStacks>) => void
}

export interface PolicyViolation {
  readonly ruleName: string
  readonly violatingConstructs: { readonly constructPath: string }[]
}

/** A stack's synthesised template, named as CloudFormation names the stack. */
export interface StackTemplate {
  readonly stackName: string
  // biome-ignore lint/suspicious/noExplicitAny: synthesised CloudFormation is untyped JSON
  readonly template: any
}

/** One stage's templates. */
export interface SynthesisedStage {
  readonly stacks: StageStacks
  readonly site: Template
  readonly data?: Template
  readonly edge?: Template
  readonly cloudFrontAlarms: Template
  /** Every stack of the stage, in deploy order. */
  readonly templates: StackTemplate[]
}

/** A synthesised app as `cdk synth` would produce it, in a temporary folder. */
export interface Synthesised extends SynthesisedStage {
  readonly outdir: string
  /** Every synthesised stage by name; the fields above are the first one's. */
  readonly stages: Record<string, SynthesisedStage>
  /** Every finding of every validation plugin (cdk-nag) and every annotation warning. */
  readonly violations: PolicyViolation[]
  dispose(): void
}

/**
 * Builds the app the way `infra/app.ts` does (same stage selection and composition, same
 * cdk.json feature flags, same cdk-nag checks), against a small fixture site.
 */
export function synthesise(options: SynthOptions = {}): Synthesised {
  const root = mkdtempSync(join(tmpdir(), 'infra-test-'))
  const siteDirectory = writeFixtureSite(join(root, 'site'))
  const outdir = join(root, 'cdk.out')
  const app = new App({
    outdir,
    context: {
      ...cdkJson.context,
      // An empty list skips bundling: NodejsFunction then stages a placeholder.
      ...(options.bundle ? {} : { 'aws:cdk:bundling-stacks': [] }),
    },
  })
  const stages = options.stages ?? committedStages
  const siteUrl = productionSiteUrl(stages)
  const env = options.env ?? (siteUrl ? { SITE_URL: siteUrl } : {})
  const { configs, migration } = selectStages(stages, options.context ?? {}, env)
  const defined = defineApp(app, configs, { siteDirectory }, migration)
  options.beforeSynth?.(defined)
  app.synth()
  const byStage = Object.fromEntries(
    Object.entries(defined).map(([name, stacks]) => [name, templatesOf(stacks)]),
  )
  const first = Object.values(byStage)[0] as SynthesisedStage
  return {
    ...first,
    outdir,
    stages: byStage,
    violations: validationReports(outdir).flatMap((report) =>
      report.pluginReports.flatMap((plugin) => plugin.violations ?? []),
    ),
    dispose: () => rmSync(root, { recursive: true, force: true }),
  }
}

function templatesOf(stacks: StageStacks): SynthesisedStage {
  const ordered = [stacks.edge, stacks.data, stacks.site, stacks.cloudFrontAlarms].filter(
    (stack): stack is NonNullable<typeof stack> => stack !== undefined,
  )
  const template = (stack: Stack) => Template.fromStack(stack)
  return {
    stacks,
    site: template(stacks.site),
    ...(stacks.data && { data: template(stacks.data) }),
    ...(stacks.edge && { edge: template(stacks.edge) }),
    cloudFrontAlarms: template(stacks.cloudFrontAlarms),
    templates: ordered.map((stack) => ({
      stackName: stack.stackName,
      template: template(stack).toJSON(),
    })),
  }
}

interface ValidationReport {
  pluginReports: { violations?: PolicyViolation[] }[]
}

/** The validation reports of the cloud assembly and of every stage's nested assembly. */
function validationReports(directory: string): ValidationReport[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name)
    if (entry.isDirectory() && entry.name.startsWith('assembly-')) return validationReports(path)
    if (entry.name !== 'validation-report.json') return []
    return [JSON.parse(readFileSync(path, 'utf8')) as ValidationReport]
  })
}

/** What `npm run build` leaves in dist/client, in miniature. */
export function writeFixtureSite(directory: string): string {
  const files: Record<string, string> = {
    'index.html': '<!doctype html><title>Home</title>',
    '404.html': '<!doctype html><title>Not found</title>',
    'about/index.html': '<!doctype html><title>About</title>',
    'assets/entries/page.AbCd1234.js': 'console.log(1)',
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    '.vite/manifest.json': '{}',
  }
  for (const [path, content] of Object.entries(files)) {
    const file = join(directory, path)
    mkdirSync(join(file, '..'), { recursive: true })
    writeFileSync(file, content)
  }
  return directory
}
