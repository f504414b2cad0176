import { execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ts from 'typescript'
import { afterAll, describe, expect, it } from 'vitest'
import { lambdaBundleFile } from './lambda-bundling.ts'
import { combinations, siteEnv } from './testing/configurations.ts'
import * as templates from './testing/site-templates.ts'

/** The first statement of a script, and whether it is the `"use strict"` directive. */
function firstStatement(code: string): { text: string; strict: boolean } {
  const source = ts.createSourceFile(
    lambdaBundleFile,
    code,
    ts.ScriptTarget.Latest,
    false,
    ts.ScriptKind.JS,
  )
  const first = source.statements[0]
  const strict =
    first !== undefined &&
    ts.isExpressionStatement(first) &&
    ts.isStringLiteral(first.expression) &&
    first.expression.text === 'use strict'
  return { text: first?.getText(source).slice(0, 80) ?? '', strict }
}

describe("every function's bundle as it ships", () => {
  // With a hosted zone in a region where SES receives mail: every function, reply-received too.
  const stage = templates.bundledStage({ stages: combinations.hostedZone, env: siteEnv })
  const scratch = mkdtempSync(join(tmpdir(), 'lambda-bundles-'))
  afterAll(() => rmSync(scratch, { recursive: true, force: true }))

  /** Our functions (node-function.ts: Node 24 on arm64, bundled as lambda-bundling.ts says). */
  const ours = () =>
    Object.entries(
      stage.template.findResources('AWS::Lambda::Function', {
        Properties: { Runtime: 'nodejs24.x', Architectures: ['arm64'] },
      }) as Record<string, templates.Resource>,
    ).map(([id, fn]) => ({
      id,
      environment: (fn.Properties.Environment?.Variables ?? {}) as Record<string, unknown>,
      asset: join(
        stage.synth.outdir,
        `asset.${String(fn.Properties.Code.S3Key).replace(/\.zip$/, '')}`,
      ),
    }))

  it('is every function of the functions/ folder that has a handler', () => {
    const folders = readdirSync(new URL('../functions/', import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .filter((entry) =>
        readdirSync(new URL(`../functions/${entry.name}/`, import.meta.url)).includes('handler.ts'),
      )
    expect(ours().length).toBe(folders.length)
  })

  it('starts with the "use strict" directive, so the whole bundle runs in strict mode', () => {
    const sloppy = ours()
      .map(({ id, asset }) => ({
        id,
        // The opening of the bundle is enough to read its first statement.
        ...firstStatement(readFileSync(join(asset, lambdaBundleFile), 'utf8').slice(0, 65_536)),
      }))
      .filter((bundle) => !bundle.strict)
    // A banner before esbuild's output made the directive a second statement: no directive.
    expect(sloppy.map(({ id, text }) => `${id}: ${text}`)).toEqual([])
  }, 30_000)

  it('loads on its own, outside the repository, as Lambda unpacks it (its environment from the template)', () => {
    for (const { id, asset, environment } of ours()) {
      // Lambda unpacks the asset alone: no package.json saying "type": "module" above it.
      const copy = join(scratch, id)
      cpSync(asset, copy, { recursive: true })
      const env = Object.fromEntries(
        Object.entries(environment).map(([name, value]) => [
          name,
          // A reference resolved at deploy time (a name, a secret, the site's URL): any such value.
          typeof value === 'string' ? value : 'https://resolved-at-deploy.example/0123456789abcdef',
        ]),
      )
      const loaded = execFileSync(
        process.execPath,
        ['-e', `process.stdout.write(typeof require('./${lambdaBundleFile}').handler)`],
        {
          cwd: copy,
          env: { PATH: process.env.PATH, AWS_REGION: 'eu-west-2', ...env },
          encoding: 'utf8',
        },
      )
      expect(loaded, id).toBe('function')
    }
  }, 60_000)
})
