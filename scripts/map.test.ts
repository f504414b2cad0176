import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The map a newcomer reads first stays true: every function has its row in docs/architecture.md
 * and functions/README.md and its name in the README's layout, and every top-level folder is in
 * the README's layout. A new function or folder without its line fails here.
 */
const root = join(import.meta.dirname, '..')
const read = (path: string) => readFileSync(join(root, path), 'utf8')

/** The folders of functions/ that hold a Lambda handler. */
const functionFolders = readdirSync(join(root, 'functions'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .filter((name) => existsSync(join(root, 'functions', name, 'handler.ts')))

/** The top-level folders of the repository (tracked, not hidden). */
const topFolders = (
  existsSync(join(root, '.git'))
    ? execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
        cwd: root,
        encoding: 'utf8',
      })
        .split('\n')
        .filter((path) => path.includes('/'))
        .map((path) => path.split('/')[0] ?? '')
    : readdirSync(root, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .filter(
          (name) => !['node_modules', 'dist', 'cdk.out', 'coverage', 'screenshots'].includes(name),
        )
).filter((name, index, all) => name !== '' && !name.startsWith('.') && all.indexOf(name) === index)

/** The README's layout: the code block under "## Layout". */
function readmeLayout(): string {
  const readme = read('README.md')
  const section = readme.slice(readme.indexOf('## Layout'))
  return section.slice(section.indexOf('```'), section.indexOf('```', section.indexOf('```') + 3))
}

describe('the map', () => {
  it('finds the functions and folders it checks', () => {
    expect(functionFolders).toContain('contact')
    expect(functionFolders).toContain('enquiry-sender')
    expect(topFolders).toEqual(expect.arrayContaining(['functions', 'infra', 'local', 'ops']))
  })

  it.each(functionFolders)('docs/architecture.md has a row for functions/%s/', (name) => {
    expect(read('docs/architecture.md')).toContain(`| \`functions/${name}/\` |`)
  })

  it.each(functionFolders)('functions/README.md names functions/%s/handler.ts', (name) => {
    expect(read('functions/README.md')).toContain(`functions/${name}/handler.ts`)
  })

  it.each(functionFolders)("the README's layout names the %s function under functions/", (name) => {
    // The functions/ entry: its first line and the indented lines that carry it on.
    const entry = /^functions\/ .*(\n {2,}.*)*/m.exec(readmeLayout())?.[0] ?? ''
    expect(entry).toMatch(new RegExp(`[ (,]${name}[,)]`))
  })

  it("the README's layout has a line for every top-level folder", () => {
    const layout = readmeLayout()
    const missing = topFolders.filter((name) => !new RegExp(`^${name}/`, 'm').test(layout))
    expect(missing, 'add a line to README.md under "## Layout"').toEqual([])
  })
})
