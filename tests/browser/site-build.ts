import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { join, relative } from 'node:path'

/**
 * Git-ignored (node_modules/) and inside the repo: Vike takes an outDir whose first segment
 * differs from the cwd's (e.g. /tmp/... when working in /work/...) for a relative path and loses
 * the manifest.
 */
const buildsDir = join(process.cwd(), 'node_modules', '.cache', 'browser-tests')

/** What a build reads: the pages, the shared modules, the build's config and the packages. */
const inputs = ['frontend', 'shared', 'vite.config.ts', 'tsconfig.json', 'package-lock.json']
const skipped = /(^|\/)node_modules(\/|$)|\.test\.tsx?$/

function filesOf(path: string): string[] {
  if (!existsSync(path) || skipped.test(relative(process.cwd(), path))) return []
  if (!statSync(path).isDirectory()) return [path]
  return readdirSync(path).flatMap((entry) => filesOf(join(path, entry)))
}

/** The hash of every input of a build with this measurement id. */
function buildKey(measurementId: string): string {
  const hash = createHash('sha256').update(`GA_MEASUREMENT_ID=${measurementId}\0`)
  for (const file of inputs.flatMap((input) => filesOf(join(process.cwd(), input))).sort()) {
    hash.update(relative(process.cwd(), file)).update('\0').update(readFileSync(file)).update('\0')
  }
  return hash.digest('hex').slice(0, 16)
}

/**
 * Builds the real site into a folder of its own, so a test run never races `npm run build` or
 * another run over dist/. It carries the spec's placeholder identity whatever the shell has set,
 * and a Google Analytics id only when given one. Resolves the build folder; the site is in its
 * `client/`. The build is kept under a hash of its inputs: a run with no change to them builds
 * nothing, and a stale build is removed when its inputs change. Read the folder; never change it.
 */
export function buildSite({ measurementId = '' }: { measurementId?: string } = {}): string {
  mkdirSync(buildsDir, { recursive: true })
  const key = buildKey(measurementId)
  const kind = measurementId ? `site-ga-${measurementId}-` : 'site-plain-'
  const outDir = join(buildsDir, `${kind}${key}`)
  if (existsSync(join(outDir, 'built'))) return outDir
  for (const stale of readdirSync(buildsDir).filter((name) => name.startsWith(kind))) {
    rmSync(join(buildsDir, stale), { recursive: true, force: true })
  }
  const building = mkdtempSync(join(buildsDir, 'building-'))
  execFileSync(process.execPath, ['node_modules/vike/bin.js', 'build'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      BUILD_OUT_DIR: building,
      SITE_NAME: '',
      SITE_SHORT_NAME: '',
      SITE_EMAIL: '',
      SITE_PHONE: '',
      SITE_URL: '',
      SITE_REGISTERED_NAME: '',
      SITE_COMPANY_NUMBER: '',
      SITE_REGISTERED_IN: '',
      SITE_REGISTERED_OFFICE: '',
      SITE_ICO_NUMBER: '',
      SITE_VAT_NUMBER: '',
      SITE_LINKEDIN_URL: '',
      SITE_INSTAGRAM_URL: '',
      SITE_FACEBOOK_URL: '',
      SITE_X_URL: '',
      GA_MEASUREMENT_ID: measurementId,
    },
  })
  writeFileSync(join(building, 'built'), key)
  try {
    renameSync(building, outDir)
  } catch (error) {
    // Another run finished the same build first: keep that one.
    rmSync(building, { recursive: true, force: true })
    if (!existsSync(join(outDir, 'built'))) throw error
  }
  return outDir
}
