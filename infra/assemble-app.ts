import { readFileSync } from 'node:fs'
import { App } from 'aws-cdk-lib'
import { defineApp, type StageStacks } from './define-app.ts'
import { type Env, type Selection, selectStages } from './stage-selection.ts'
import type { StageSettings } from './stage-settings.ts'
import { stages as committedStages } from './stages.ts'

export interface AssembleOptions {
  /**
   * The stages the app is made of.
   * @default the committed stages of infra/stages.ts
   */
  readonly stages?: Readonly<Record<string, StageSettings>>
  /** CDK context, as `-c key=value` gives it (`stage` picks one stage). */
  readonly context: Readonly<Record<string, unknown>>
  /** The environment the npm scripts run in (SITE_*, GA_MEASUREMENT_ID, CDK_DEFAULT_ACCOUNT). */
  readonly env: Env
  /** The built site's folder. */
  readonly siteDirectory: string
}

export interface AssembledApp extends Selection {
  /** Every stage's stacks, by stage name. */
  readonly stages: Record<string, StageStacks>
}

/**
 * The one way the app is put together: the stages the context selects from the committed
 * settings, each defined as `cdk deploy` deploys it. The CDK entry (infra/app.ts), the retention
 * audit and the infra tests all come through here, so they read the same app.
 */
export function assembleApp(app: App, options: AssembleOptions): AssembledApp {
  const selection = selectStages(options.stages ?? committedStages, options.context, options.env)
  const stages = defineApp(
    app,
    selection.configs,
    { siteDirectory: options.siteDirectory },
    selection.migration,
  )
  return { ...selection, stages }
}

export interface OfflineAppOptions {
  /** Where the cloud assembly is written. */
  readonly outdir: string
  /**
   * Bundle the functions with esbuild (slow); without it NodejsFunction stages a placeholder.
   * @default false
   */
  readonly bundle?: boolean
}

/**
 * An app outside the CDK CLI (the audit, the tests): cdk.json's context (the feature flags the
 * CLI would pass) and an output folder of its own.
 */
export function offlineApp({ outdir, bundle = false }: OfflineAppOptions): App {
  const cdkJson = JSON.parse(readFileSync(new URL('../cdk.json', import.meta.url), 'utf8')) as {
    context?: Record<string, unknown>
  }
  return new App({
    outdir,
    context: {
      ...cdkJson.context,
      // An empty list skips bundling: NodejsFunction then stages a placeholder.
      ...(bundle ? {} : { 'aws:cdk:bundling-stacks': [] }),
    },
  })
}
