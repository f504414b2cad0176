import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Template } from 'aws-cdk-lib/assertions'
import { inject } from 'vitest'
import { type AssembledStack, assembledStacks, readAssembly } from '../cloud-assembly.ts'
import type { StageStacks } from '../define-app.ts'
import { writePlaceholderSite } from '../placeholder-site.ts'
import {
  type Configuration,
  cachedSynthesis,
  inputsHash,
  type Layout,
  roles,
  synthesiseInto,
} from './synth-cache.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The hash of the synthesis inputs, computed once by the infra project's global set-up. */
    synthInputs: string
  }
}

export interface SynthOptions extends Configuration {
  /**
   * Changes the defined app before it is synthesised (a test replacing a resource, say). Such a
   * synthesis is never cached: a function's text does not tell what it closes over.
   */
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

/** A synthesised stack as its cloud assembly describes it (what a test reads of a Stack). */
export interface SynthesisedStack {
  readonly stackName: string
  readonly region: string
  readonly account: string
  readonly terminationProtection: boolean
  /** The stacks of the stage it is deployed after. */
  readonly dependencies: readonly SynthesisedStack[]
  /** Its construct id in the stage (`Site`, `Data`...) and its path (`prod/Site`). */
  readonly node: { readonly id: string; readonly path: string }
  readonly templateOptions: { readonly description?: string }
}

/** One stage's stacks, in the order a deploy creates them. */
export interface SynthesisedStacks {
  readonly edge?: SynthesisedStack
  readonly data?: SynthesisedStack
  readonly site: SynthesisedStack
  readonly cloudFrontAlarms: SynthesisedStack
}

/** One stage's templates. */
export interface SynthesisedStage {
  readonly stacks: SynthesisedStacks
  readonly site: Template
  readonly data?: Template
  readonly edge?: Template
  readonly cloudFrontAlarms: Template
  /** Every stack of the stage, in deploy order. */
  readonly templates: StackTemplate[]
}

/** A synthesised app as `cdk synth` would produce it. */
export interface Synthesised extends SynthesisedStage {
  /** The cloud assembly (cdk.out); a cached one is shared: read it, never change it. */
  readonly outdir: string
  /** Every synthesised stage by name; the fields above are the first one's. */
  readonly stages: Record<string, SynthesisedStage>
  /** Every finding of every validation plugin (cdk-nag) and every annotation warning. */
  readonly violations: PolicyViolation[]
  /** Removes an uncached synthesis; a cached one stays for the next file and the next run. */
  dispose(): void
}

let inputs: string | undefined
/** The inputs' hash: the global set-up's when it ran, else computed once in this worker. */
function currentInputs(): string {
  inputs ??= (() => {
    try {
      return inject('synthInputs') ?? inputsHash()
    } catch {
      return inputsHash()
    }
  })()
  return inputs
}

/**
 * Builds the app the way `infra/app.ts` does (infra/assemble-app.ts: same stage selection and
 * composition, cdk.json's feature flags, the same cdk-nag checks), against a small placeholder
 * site. Each configuration is synthesised once: the cloud assembly is kept on disk under a hash
 * of the app's code and the options (./synth-cache.ts), and later calls (other files, later
 * runs) read it back.
 */
export function synthesise(options: SynthOptions = {}): Synthesised {
  if (options.beforeSynth) {
    const root = mkdtempSync(join(tmpdir(), 'infra-test-'))
    synthesiseInto(root, options, options.beforeSynth)
    return readSynthesised(root, () => rmSync(root, { recursive: true, force: true }))
  }
  return readSynthesised(cachedSynthesis(currentInputs(), options), () => {})
}

function readSynthesised(root: string, dispose: () => void): Synthesised {
  const outdir = join(root, 'cdk.out')
  const layout = JSON.parse(readFileSync(join(root, 'layout.json'), 'utf8')) as Layout
  const assembly = readAssembly(outdir)
  if (!assembly) throw new Error(`no cloud assembly in ${outdir}`)
  const byArtifact = new Map(assembledStacks(assembly).map((stack) => [stack.artifactId, stack]))
  // The construct path of each stack, from the layout (the manifest's display name also carries
  // the stack name when it differs).
  const paths = new Map(
    Object.entries(layout.stages).flatMap(([stage, ids]) =>
      Object.entries(ids).map(([id, artifactId]) => [artifactId, { id, path: `${stage}/${id}` }]),
    ),
  )
  const views = new Map<string, SynthesisedStack & { dependencies: SynthesisedStack[] }>()
  for (const stack of byArtifact.values()) {
    views.set(stack.artifactId, {
      stackName: stack.stackName,
      region: stack.region,
      account: stack.account,
      terminationProtection: stack.terminationProtection,
      dependencies: [],
      node: paths.get(stack.artifactId) ?? { id: stack.artifactId, path: stack.displayName },
      templateOptions: { description: stack.template.Description },
    })
  }
  for (const stack of byArtifact.values()) {
    const view = views.get(stack.artifactId)
    for (const id of stack.dependencies) {
      const dependency = views.get(id)
      if (view && dependency) view.dependencies.push(dependency)
    }
  }
  const byStage = Object.fromEntries(
    Object.entries(layout.stages).map(([name, ids]) => {
      const stacks = Object.fromEntries(
        Object.entries(ids).map(([id, artifactId]) => [
          roles[id as keyof typeof roles],
          { view: views.get(artifactId), stack: byArtifact.get(artifactId) as AssembledStack },
        ]),
      )
      const template = (role: keyof SynthesisedStacks) => {
        const found = stacks[role]?.stack
        return found && Template.fromJSON(found.template)
      }
      const ordered = (['edge', 'data', 'site', 'cloudFrontAlarms'] as const).flatMap(
        (role) => stacks[role]?.stack ?? [],
      )
      const stage: SynthesisedStage = {
        stacks: Object.fromEntries(
          Object.entries(stacks).map(([role, { view }]) => [role, view]),
        ) as unknown as SynthesisedStacks,
        site: template('site') as Template,
        ...(stacks.data && { data: template('data') }),
        ...(stacks.edge && { edge: template('edge') }),
        cloudFrontAlarms: template('cloudFrontAlarms') as Template,
        templates: ordered.map(({ stackName, template }) => ({ stackName, template })),
      }
      return [name, stage]
    }),
  )
  const first = Object.values(byStage)[0] as SynthesisedStage
  return {
    ...first,
    outdir,
    stages: byStage,
    violations: validationReports(outdir).flatMap((report) =>
      report.pluginReports.flatMap((plugin) => plugin.violations ?? []),
    ),
    dispose,
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
export const writeFixtureSite = writePlaceholderSite

/** The production stage as the retention audit's tests read it. */
export interface ProductionTemplates {
  readonly synth: Synthesised
  /** Every stack of the stage, as deployed: its data stack holds the table and buckets. */
  readonly stage: StackTemplate[]
  /** The site stack alone (functions, API, distribution). */
  readonly good: StackTemplate
}

/** The production stage alone (no domain, unbundled), read from the cache. */
export function productionTemplates(): ProductionTemplates {
  const synth = synthesise({ stages: { prod: {} } })
  const stage = synth.templates
  const good = stage.find((stack) => stack.stackName === 'ElevateDigital')
  if (!good) throw new Error('the production stage has no ElevateDigital stack')
  return { synth, stage, good }
}
