import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { silentLogger } from '../../functions/log.ts'
import { startApiStack } from '../../infra/local/api-stack.ts'
import { startLocalServer } from '../../infra/local/server.ts'
import { chromiumPath } from './chromium.ts'

/** Git-ignored (node_modules/) and inside the repo. */
const buildsDir = join(process.cwd(), 'node_modules', '.cache', 'browser-tests')

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    distDir: string
    /**
     * The local SES emulator: `GET ${mailboxUrl}/store` lists every e-mail the agency was sent
     * (`{ emails: [{ messageId, from, replyTo, destination: { to }, subject, body: { text, html },
     * at }] }`), newest last; `POST ${mailboxUrl}/clear-store` empties it. To see the API down,
     * fail its requests with Playwright: `page.route(`${baseUrl}/api/contacts`, (route) =>
     * route.abort())`, or `route.fulfill({ status: 503, ... })` for a refusal.
     */
    mailboxUrl: string
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
  // The contact API as `npm start` runs it, on free ports, its data in a folder of its own.
  const dataDir = mkdtempSync(join(tmpdir(), 'enquiries-'))
  const api = await startApiStack({ dataDir, log: silentLogger })
  const server = await startLocalServer({
    root: distDir,
    port: 0,
    analytics: false,
    api: api.handle,
  })
  project.provide('baseUrl', server.url)
  project.provide('distDir', distDir)
  project.provide('mailboxUrl', api.mailboxUrl)
  return async () => {
    await server.close()
    await api.close()
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(outDir, { recursive: true, force: true })
  }
}
