import { join } from 'node:path'
import type { BundlingOptions, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs'
import type { BuildOptions } from 'esbuild'

const repoRoot = join(import.meta.dirname, '..')

/**
 * How the Lambda functions are bundled, stated once: the CDK's NodejsFunction
 * (`infra/constructs/node-function.ts`) and `bench:api` both build with it, so the bench measures
 * the code that ships. Every choice below is measured against a handler that only builds the AWS
 * clients (docs/decisions/0006-lambda-bundle.md): whatever a function loads on top of that, a
 * visitor waits for at a cold start.
 */
export const lambdaBundling = {
  // CommonJS out (the sources stay ES modules, and tree-shake as such): Node 24 builds an ES
  // module namespace of every built-in an ES module imports, and `node:http`'s pulls in undici;
  // `require` hands over the module object alone.
  format: 'cjs',
  target: 'node24',
  minify: true,
  // No source maps: the logs carry error names, never stacks, and Node's `--enable-source-maps`
  // slows every start.
  sourceMap: false,
  // The AWS SDK's ES modules, not its prebuilt CommonJS files: only ES modules tree-shake.
  mainFields: ['module', 'main'],
  // The SDK is bundled too, not left to the runtime's copy: the versions tested here are the
  // versions that run, and a bundled, tree-shaken SDK initialises no slower than the runtime's.
  externalModules: [] as string[],
  // Lambda always gives a function its credentials in the environment: the SDK's default chain
  // (shared files, SSO, web identity, metadata services and the STS and SSO clients behind them)
  // is replaced by the environment's provider alone.
  alias: { '@aws-sdk/credential-provider-node': './functions/lambda-credentials.ts' },
  // The SDK loads `node:http` with `await import()` on its first request: an ES module namespace
  // again (undici with it), paid by the first visitor. Down-levelled, it is a `require`.
  supported: { 'dynamic-import': false },
  // A module that finds a file beside itself (`new URL(file, import.meta.url)`) finds it beside
  // the bundle. Injected rather than a banner, which would precede esbuild's `"use strict"` and
  // so leave every bundle in sloppy mode (the directive must be the first statement).
  inject: ['./functions/import-meta-url.ts'],
  define: { 'import.meta.url': 'importMetaUrl' },
} as const

/** The bundle's file name in a function's asset: CommonJS, with no package.json beside it. */
export const lambdaBundleFile = 'index.js'

/** The NodejsFunction `bundling` property (its esbuild runs in the repo's root). */
export function cdkBundling(): BundlingOptions {
  const { format, externalModules, mainFields, alias, supported, inject, ...rest } = lambdaBundling
  return {
    ...rest,
    format: format as OutputFormat,
    inject: [...inject],
    mainFields: [...mainFields],
    externalModules: [...externalModules],
    // What NodejsFunction has no property for, as esbuild's own flags.
    esbuildArgs: Object.fromEntries([
      ...Object.entries(alias).map(([from, to]) => [`--alias:${from}`, to]),
      ...Object.entries(supported).map(([feature, on]) => [`--supported:${feature}`, String(on)]),
    ]),
  }
}

/**
 * The same build as esbuild options (what NodejsFunction runs), for `entry` into `outfile`
 * (name it `.cjs` outside an asset folder: this repo's package.json says `"type": "module"`).
 */
export function esbuildOptions(entry: string, outfile: string): BuildOptions {
  const b = lambdaBundling
  return {
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: b.format,
    target: b.target,
    minify: b.minify,
    sourcemap: b.sourceMap,
    mainFields: [...b.mainFields],
    external: [...b.externalModules],
    supported: { ...b.supported },
    alias: Object.fromEntries(
      Object.entries(b.alias).map(([from, to]) => [from, join(repoRoot, to)]),
    ),
    inject: b.inject.map((file) => join(repoRoot, file)),
    define: { ...b.define },
    logLevel: 'error',
  }
}
