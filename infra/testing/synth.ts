import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { App } from 'aws-cdk-lib'
import { Template } from 'aws-cdk-lib/assertions'
import { type DeployContext, parseDeployConfig } from '../config.ts'
import { defineApp } from '../define-app.ts'

const cdkJson = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')) as {
  context: Record<string, unknown>
}

export interface SynthOptions {
  /** Deployment context, as `-c key=value` would give it. */
  readonly context?: DeployContext
  /** Environment variables (SITE_*, GA_MEASUREMENT_ID, CDK_DEFAULT_ACCOUNT). */
  readonly env?: Record<string, string>
  /** Bundle the real functions with esbuild (slow: do it once per run). @default false */
  readonly bundle?: boolean
}

export interface PolicyViolation {
  readonly ruleName: string
  readonly violatingConstructs: { readonly constructPath: string }[]
}

/** A synthesised app as `cdk synth` would produce it, in a temporary folder. */
export interface Synthesised {
  readonly outdir: string
  readonly stacks: ReturnType<typeof defineApp>
  readonly site: Template
  readonly edge?: Template
  readonly edgeMonitoring: Template
  /** Every finding of every validation plugin (cdk-nag) and every annotation warning. */
  readonly violations: PolicyViolation[]
  dispose(): void
}

/**
 * Builds the app the way `infra/app.ts` does (same composition, same cdk.json feature flags,
 * same cdk-nag checks), against a small fixture site. `app.synth()` throws on any cdk-nag error.
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
  const config = parseDeployConfig(options.context ?? {}, options.env ?? {})
  const stacks = defineApp(app, config, { siteDirectory })
  app.synth()
  const report = JSON.parse(readFileSync(join(outdir, 'validation-report.json'), 'utf8')) as {
    pluginReports: { violations?: PolicyViolation[] }[]
  }
  return {
    outdir,
    stacks,
    site: Template.fromStack(stacks.site),
    ...(stacks.edge && { edge: Template.fromStack(stacks.edge) }),
    edgeMonitoring: Template.fromStack(stacks.edgeMonitoring),
    violations: report.pluginReports.flatMap((plugin) => plugin.violations ?? []),
    dispose: () => rmSync(root, { recursive: true, force: true }),
  }
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
