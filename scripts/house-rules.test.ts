import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, normalize, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The house rules a newcomer relies on (docs/architecture.md): every hand-written module small
 * enough to hold in one's head, and command lines that nothing imports, so an operation can be
 * reused without starting a command.
 */
const root = join(import.meta.dirname, '..')
const read = (path: string) => readFileSync(join(root, path), 'utf8')

/** The folders .gitignore names (node_modules/, dist/ ...): what is built or installed. */
const ignoredFolders = new Set(
  read('.gitignore')
    .split('\n')
    .filter((line) => /^[\w.-]+\/$/.test(line.trim()))
    .map((line) => line.trim().slice(0, -1)),
)

/** The tree walked as git would list it, for a copy of the source without .git (an archive). */
function walk(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) {
      return entry.name === '.git' || ignoredFolders.has(entry.name) ? [] : walk(path)
    }
    return /\.tsx?$/.test(entry.name) ? [relative(root, path)] : []
  })
}

/** Every TypeScript file in the repository (tracked or new, not ignored). */
const sources = (
  existsSync(join(root, '.git'))
    ? execFileSync(
        'git',
        ['ls-files', '--cached', '--others', '--exclude-standard', '--', '*.ts', '*.tsx'],
        { cwd: root, encoding: 'utf8' },
      ).split('\n')
    : walk(root)
).filter((path) => path !== '' && existsSync(join(root, path)))

const MAX_LINES = 400

/** Files that may be longer, because they are data rather than code. Keep this list short. */
const longFilesAllowed: { readonly pattern: RegExp; readonly reason: string }[] = [
  {
    pattern: /^frontend\/pages\/.+\/content\.ts$/,
    reason: "a page's copy, as the spec gives it: text, not logic",
  },
]

/**
 * Command-line modules: the files the npm scripts and the CDK app run with `node FILE`, and any
 * file named `*-cli.ts`. They parse arguments and exit; the work they do lives in a module they
 * import.
 */
function commandLineModules(): Set<string> {
  const packageJson = JSON.parse(read('package.json')) as { scripts: Record<string, string> }
  const cdkJson = JSON.parse(read('cdk.json')) as { app: string }
  const commands = [...Object.values(packageJson.scripts), cdkJson.app]
  const entries = commands.flatMap((command) =>
    [...command.matchAll(/\bnode\s+([\w./-]+\.tsx?)/g)].map((match) => normalize(match[1] ?? '')),
  )
  return new Set([...entries, ...sources.filter((path) => /-cli\.tsx?$/.test(path))])
}

/** The subpath aliases of package.json's `imports` (`#shared/*` → `./shared/*`). */
const aliases = Object.entries(
  (JSON.parse(read('package.json')) as { imports: Record<string, string> }).imports,
).map(([alias, target]) => [alias.replace(/\*$/, ''), target.replace(/\*$/, '')] as const)

/** The repository files a module imports (static, dynamic and type imports), by relative path. */
function importsOf(path: string): string[] {
  const text = read(path)
  const specifiers = [
    ...text.matchAll(/\bfrom\s+['"]([^'"]+)['"]/g),
    ...text.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g),
    ...text.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm),
  ].map((match) => match[1] ?? '')
  return specifiers.flatMap((specifier) => {
    if (specifier.startsWith('.')) return [normalize(join(dirname(path), specifier))]
    const alias = aliases.find(([prefix]) => specifier.startsWith(prefix))
    return alias ? [normalize(alias[1] + specifier.slice(alias[0].length))] : []
  })
}

describe('house rules', () => {
  it('finds the sources it checks', () => {
    expect(sources.length).toBeGreaterThan(100)
    expect(sources).toContain('scripts/house-rules.test.ts')
  })

  it(`keeps every hand-written TypeScript file to ${MAX_LINES} lines, tests included`, () => {
    const tooLong = sources
      .filter((path) => !longFilesAllowed.some(({ pattern }) => pattern.test(path)))
      .map((path) => ({ path, lines: read(path).split('\n').length - 1 }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ path, lines }) => `${path}: ${lines} lines`)
    expect(tooLong, 'split these by what they do (or test)').toEqual([])
  })

  it('knows the command lines: every npm script and the CDK app that runs a TypeScript file', () => {
    const clis = commandLineModules()
    expect([...clis].filter((path) => !sources.includes(path))).toEqual([])
    expect(clis).toContain('infra/app.ts')
    expect(clis).toContain('infra/synth-cli.ts')
  })

  // A test may drive a command line as ops would (its run function, with an io of its own);
  // no module, and so no operation, may depend on one.
  it('imports no command-line module from any module', () => {
    const clis = commandLineModules()
    const modules = sources.filter((path) => !/\.test\.tsx?$/.test(path))
    const offending = modules.flatMap((path) =>
      importsOf(path)
        .filter((imported) => clis.has(imported))
        .map((imported) => `${path} imports ${imported}`),
    )
    expect(offending, 'move what they share into a module the command line imports').toEqual([])
  })

  it('reads the same files from the tree as git lists (a copy without .git checks the same)', () => {
    if (!existsSync(join(root, '.git'))) return
    expect([...walk(root)].sort()).toEqual([...sources].sort())
  })

  it('imports nothing test-only into the product (test-fixtures, the testing folders)', () => {
    const testOnly = /^(functions\/test-fixtures|(infra|local|ops)\/testing|tests)\//
    const product = sources.filter((path) => !/\.test\.tsx?$/.test(path) && !testOnly.test(path))
    const offending = product.flatMap((path) =>
      importsOf(path)
        .filter((imported) =>
          /^(functions\/test-fixtures|(infra|local|ops)\/testing)\//.test(imported),
        )
        .map((imported) => `${path} imports ${imported}`),
    )
    expect(offending, 'move what the product needs out of the test-only folder').toEqual([])
  })

  it('runs every import down the floors: shared; frontend and functions; infra; local; ops', () => {
    // What a top folder may import besides itself; shared imports from no other.
    const below: Record<string, readonly string[]> = {
      shared: [],
      frontend: ['shared'],
      functions: ['shared'],
      infra: ['shared', 'functions', 'frontend'],
      local: ['shared', 'functions', 'frontend', 'infra'],
      ops: ['shared', 'functions', 'frontend', 'infra', 'local'],
    }
    const top = (path: string) => path.split('/')[0] ?? ''
    const offending = sources
      .filter((path) => top(path) in below && !/\.test\.tsx?$/.test(path))
      .flatMap((path) =>
        importsOf(path)
          .filter((imported) => top(imported) !== top(path) && top(imported) in below)
          .filter((imported) => !below[top(path)]?.includes(top(imported)))
          .map((imported) => `${path} imports ${imported}`),
      )
    expect(offending, 'an arrow back up: move the shared part down').toEqual([])
  })

  // The local stack is a target ops may pick on the command line (`--local`, no `--table`); an
  // operation that imported the emulator would carry it into every run against AWS.
  it('lets only the ops command lines and their tests reach the local stack', () => {
    const clis = commandLineModules()
    const operations = sources.filter(
      (path) =>
        path.startsWith('ops/') &&
        !clis.has(path) &&
        !/\.test\.tsx?$/.test(path) &&
        !path.startsWith('ops/testing/'),
    )
    expect(operations.length).toBeGreaterThan(20)
    const offending = operations.flatMap((path) =>
      importsOf(path)
        .filter((imported) => imported.startsWith('local/'))
        .map((imported) => `${path} imports ${imported}`),
    )
    expect(offending, 'let the command line choose the local target and pass it in').toEqual([])
  })
})
