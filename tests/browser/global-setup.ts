import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { startLocalServer } from '../../infra/local/server.ts'
import { chromiumPath } from './chromium.ts'

/** Git-ignored (node_modules/) and inside the repo. */
const buildsDir = join(process.cwd(), 'node_modules', '.cache', 'browser-tests')

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    distDir: string
  }
}

/** Builds the real site, then serves it exactly as `npm start` does, for every browser test. */
export default async function setup(project: TestProject) {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium is needed for the browser tests and was not found at ${chromiumPath}.\n` +
        'Install it with: sudo apt-get install -y chromium (or set CHROMIUM_PATH).',
    )
  }
  // A build of its own, so a test run never races `npm run build` or another run over dist/.
  // It sits under the working directory: Vike takes an outDir whose first segment differs from
  // the cwd's (e.g. /tmp/... when working in /work/...) for a relative path and loses the manifest.
  mkdirSync(buildsDir, { recursive: true })
  const outDir = mkdtempSync(join(buildsDir, 'site-build-'))
  const distDir = join(outDir, 'client')
  execFileSync(process.execPath, ['node_modules/vike/bin.js', 'build'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    // The tests read the spec's placeholder identity, whatever the shell has set.
    env: {
      ...process.env,
      BUILD_OUT_DIR: outDir,
      SITE_NAME: '',
      SITE_EMAIL: '',
      SITE_PHONE: '',
      SITE_URL: '',
      GA_MEASUREMENT_ID: '',
    },
  })
  const server = await startLocalServer({ root: distDir, port: 0, analytics: false })
  project.provide('baseUrl', server.url)
  project.provide('distDir', distDir)
  return async () => {
    await server.close()
    rmSync(outDir, { recursive: true, force: true })
  }
}
