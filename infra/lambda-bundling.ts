import type { BundlingOptions, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs'
import type { BuildOptions } from 'esbuild'

/**
 * How the Lambda functions are bundled, stated once: `infra/constructs/contact-api.ts` hands it to
 * the CDK's NodejsFunction, and `bench/api.ts` to esbuild directly, so the bench measures the
 * code that ships (docs/decisions/0006-lambda-bundle.md).
 */
export const lambdaBundling = {
  format: 'esm',
  target: 'node24',
  minify: true,
  sourceMap: true,
  sourcesContent: false,
  // The AWS SDK's ES modules, not its prebuilt CommonJS files: only ES modules tree-shake.
  mainFields: ['module', 'main'],
  // The SDK is bundled too, not left to the runtime's copy: the versions tested here are the
  // versions that run, and a bundled, tree-shaken SDK initialises no slower than the runtime's.
  externalModules: [] as string[],
  // Some bundled CommonJS dependencies call require() on Node built-ins.
  banner:
    "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
} as const

/** Node's flags for the functions: stack traces point into the TypeScript sources. */
export const lambdaNodeOptions = '--enable-source-maps'

/** The NodejsFunction `bundling` property. */
export function cdkBundling(): BundlingOptions {
  const { format, externalModules, mainFields, ...rest } = lambdaBundling
  return {
    ...rest,
    format: format as OutputFormat,
    mainFields: [...mainFields],
    externalModules: [...externalModules],
  }
}

/** The same build as esbuild options (what NodejsFunction runs), for `entry` into `outfile`. */
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
    sourcesContent: b.sourcesContent,
    mainFields: [...b.mainFields],
    external: [...b.externalModules],
    banner: { js: b.banner },
    logLevel: 'error',
  }
}
