/**
 * The contact function as it was at a commit, bundled by that commit's own
 * infra/lambda-bundling.ts and run with its Node flags: the baseline `npm run bench:api --
 * --first-request-against <commit>` measures the first request against. Its tree comes from
 * git (`git archive`), into a temporary folder that borrows this checkout's node_modules.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { type BuildOptions, build } from 'esbuild'

export interface BundleAtCommit {
  readonly commit: string
  readonly url: string
  /** Node's flags as that commit deployed them (`lambdaNodeOptions`, where it had one). */
  readonly nodeFlags: readonly string[]
  /** Deletes the commit's tree and bundle. */
  remove(): void
}

interface BundlingModule {
  esbuildOptions(entry: string, outfile: string): BuildOptions
  lambdaNodeOptions?: string
}

export async function bundleContactAt(repo: string, commit: string): Promise<BundleAtCommit> {
  // Outside node_modules: Node strips types from the commit's .ts files only there.
  const tree = mkdtempSync(join(tmpdir(), 'contact-at-'))
  try {
    execFileSync('sh', ['-c', 'git -C "$0" archive "$1" | tar -x -C "$2"', repo, commit, tree], {
      stdio: ['ignore', 'ignore', 'pipe'],
    })
  } catch (error) {
    throw new Error(
      `Could not read commit ${commit} from git in ${repo} (a clone with its history is needed): ${(error as Error).message}`,
    )
  }
  symlinkSync(join(repo, 'node_modules'), join(tree, 'node_modules'))
  const bundling = (await import(
    pathToFileURL(join(tree, 'infra/lambda-bundling.ts')).href
  )) as BundlingModule
  const probe = bundling.esbuildOptions('entry.ts', 'out.js')
  const outfile = join(tree, `contact.${probe.format === 'esm' ? 'mjs' : 'cjs'}`)
  await build(bundling.esbuildOptions(join(tree, 'functions/contact/handler.ts'), outfile))
  return {
    commit,
    url: pathToFileURL(outfile).href,
    nodeFlags: bundling.lambdaNodeOptions?.split(' ').filter(Boolean) ?? [],
    remove: () => rmSync(tree, { recursive: true, force: true }),
  }
}
