import { createHash, randomUUID } from 'node:crypto'
import * as fs from 'node:fs'
import { join, relative } from 'node:path'
import { assembleApp, offlineApp } from '../assemble-app.ts'
import type { StageStacks } from '../define-app.ts'
import { writePlaceholderSite } from '../placeholder-site.ts'
import { productionSiteUrl } from '../stage-selection.ts'
import type { StageSettings } from '../stage-settings.ts'
import { stages as committedStages } from '../stages.ts'

/**
 * Where synthesised apps are kept between test runs, and the key they are kept under: a hash of
 * everything a synthesis reads (the app's code in infra/, shared/ and functions/, cdk.json, the
 * installed packages' lock file). An unchanged checkout synthesises nothing; any change to
 * those inputs makes a fresh folder, and the global set-up removes the stale ones.
 */
export const repoRoot = new URL('../../', import.meta.url).pathname

/** Git-ignored, inside the repo (node_modules/), beside the other tools' caches. */
export const synthCacheRoot = join(repoRoot, 'node_modules', '.cache', 'infra-synth')

/** Code the app is built from; tests are not part of it (the local stack and ops live outside these folders). */
const inputFolders = ['infra', 'shared', 'functions']
const skipped = /(^|\/)(node_modules|test-fixtures)(\/|$)|\.test\.tsx?$/
const inputFiles = ['cdk.json', 'package.json', 'package-lock.json']
/** Read by the CDK itself for stages without an account. */
const inputEnv = ['CDK_DEFAULT_ACCOUNT', 'CDK_DEFAULT_REGION']

function filesUnder(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (skipped.test(relative(repoRoot, path))) return []
    if (entry.isDirectory()) return filesUnder(path)
    return entry.isFile() ? [path] : []
  })
}

/** The hash of every input of a synthesis (a few hundred small files: milliseconds). */
export function inputsHash(): string {
  const hash = createHash('sha256')
  const files = [
    ...inputFolders.flatMap((folder) => filesUnder(join(repoRoot, folder))),
    ...inputFiles.map((file) => join(repoRoot, file)).filter((file) => fs.existsSync(file)),
  ].sort()
  for (const file of files) {
    hash.update(relative(repoRoot, file)).update('\0').update(fs.readFileSync(file)).update('\0')
  }
  for (const name of inputEnv) hash.update(`${name}=${process.env[name] ?? ''}\0`)
  return hash.digest('hex').slice(0, 16)
}

/** JSON with its object keys sorted, so the same options always give the same key. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object') {
    return `{${Object.entries(value)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, entry]) => `${JSON.stringify(key)}:${canonical(entry)}`)
      .join(',')}}`
  }
  return JSON.stringify(value)
}

/** The folder one configuration's assembly is kept in, for the given inputs. */
export function cachedFolder(inputs: string, configuration: object): string {
  const key = createHash('sha256').update(canonical(configuration)).digest('hex').slice(0, 16)
  return join(synthCacheRoot, inputs, key)
}

/** Removes what earlier inputs left (a cache of every past edit would only grow). */
export function pruneOtherInputs(inputs: string): void {
  if (!fs.existsSync(synthCacheRoot)) return
  for (const name of fs.readdirSync(synthCacheRoot)) {
    const path = join(synthCacheRoot, name)
    if (name !== inputs && fs.statSync(path).isDirectory()) {
      fs.rmSync(path, { recursive: true, force: true })
    }
  }
}

/** What makes two syntheses the same (the defaults spelled out, so `{}` and the default match). */
export function configurationOf(options: Configuration) {
  const stages = options.stages ?? committedStages
  const siteUrl = productionSiteUrl(stages)
  return {
    stages,
    context: options.context ?? {},
    env: options.env ?? (siteUrl ? { SITE_URL: siteUrl } : {}),
    bundle: options.bundle ?? false,
  }
}

/** A synthesis's settings, as the tests give them (infra/testing/synthesise-app.ts). */
export interface Configuration {
  /** @default the committed stages of infra/stages.ts */
  readonly stages?: Readonly<Record<string, StageSettings>>
  /** @default no context */
  readonly context?: Readonly<Record<string, unknown>>
  /** @default - SITE_URL naming the production stage's domain, as the npm scripts set it */
  readonly env?: Readonly<Record<string, string>>
  /** @default false */
  readonly bundle?: boolean
}

/** Which stack of a stage each construct id is. */
export const roles = {
  Edge: 'edge',
  Data: 'data',
  Site: 'site',
  EdgeMonitoring: 'cloudFrontAlarms',
} as const satisfies Record<string, keyof StageStacks>

/** The folder's stages: each stage's stacks (construct id → cloud assembly artifact id). */
export interface Layout {
  readonly stages: Record<string, Record<string, string>>
}

/** Synthesises the app into `root` (its cdk.out, its placeholder site, layout.json). */
export function synthesiseInto(
  root: string,
  options: Configuration,
  beforeSynth?: (stages: Record<string, StageStacks>) => void,
): void {
  const app = offlineApp({ outdir: join(root, 'cdk.out'), bundle: options.bundle })
  const { stages: defined } = assembleApp(app, {
    ...configurationOf(options),
    siteDirectory: writePlaceholderSite(join(root, 'site')),
  })
  beforeSynth?.(defined)
  app.synth()
  const layout: Layout = {
    stages: Object.fromEntries(
      Object.entries(defined).map(([name, stacks]) => [
        name,
        Object.fromEntries(
          Object.entries(roles).flatMap(([id, role]) => {
            const stack = stacks[role]
            return stack ? [[id, stack.artifactId]] : []
          }),
        ),
      ]),
    ),
  }
  fs.writeFileSync(join(root, 'layout.json'), JSON.stringify(layout))
}

/**
 * The folder holding this configuration's synthesis for these inputs, synthesised first if no
 * earlier file or run did. Built beside its final place and moved in whole: a reader never sees
 * half an assembly, and two workers synthesising the same configuration at once both end with
 * a good one.
 */
export function cachedSynthesis(inputs: string, options: Configuration): string {
  const folder = cachedFolder(inputs, configurationOf(options))
  if (fs.existsSync(join(folder, 'layout.json'))) return folder
  fs.mkdirSync(join(folder, '..'), { recursive: true })
  const building = `${folder}.${randomUUID().slice(0, 8)}`
  try {
    synthesiseInto(building, options)
    fs.renameSync(building, folder)
  } catch (error) {
    fs.rmSync(building, { recursive: true, force: true })
    if (!fs.existsSync(join(folder, 'layout.json'))) throw error
  }
  return folder
}
