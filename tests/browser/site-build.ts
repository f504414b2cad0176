import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Git-ignored (node_modules/) and inside the repo: Vike takes an outDir whose first segment
 * differs from the cwd's (e.g. /tmp/... when working in /work/...) for a relative path and loses
 * the manifest.
 */
const buildsDir = join(process.cwd(), 'node_modules', '.cache', 'browser-tests')

/**
 * Builds the real site into a folder of its own, so a test run never races `npm run build` or
 * another run over dist/. It carries the spec's placeholder identity whatever the shell has set,
 * and a Google Analytics id only when given one. Resolves the build folder; the site is in its
 * `client/`.
 */
export function buildSite({ measurementId = '' }: { measurementId?: string } = {}): string {
  mkdirSync(buildsDir, { recursive: true })
  const outDir = mkdtempSync(join(buildsDir, 'site-build-'))
  execFileSync(process.execPath, ['node_modules/vike/bin.js', 'build'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      BUILD_OUT_DIR: outDir,
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
  return outDir
}
