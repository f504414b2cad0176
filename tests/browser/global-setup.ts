import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import type { TestProject } from 'vitest/node'
import { silentLogger } from '#functions/log.ts'
import { startLocalPipeline } from '#local/pipeline.ts'
import { startLocalServer } from '#local/server.ts'
import { chromiumPath, headlessFlags, headlessShellPath } from './chromium-binary.ts'
import { buildSite } from './site-build.ts'

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
    /**
     * The functions' environment on this local stack (table, endpoints, the digest links' key):
     * a test runs the digest and the notification retry with it, as their schedules would.
     */
    pipelineEnv: Readonly<Record<string, string>>
    /** The one Chromium of the run: tests connect to it (`launchChromium()` in ./chromium.ts). */
    browserEndpoint: string
  }
}

/**
 * Builds the real site (or finds it built from the same inputs), then serves it exactly as
 * `npm start` does, and starts the one Chromium every browser test connects to.
 */
export default async function setup(project: TestProject) {
  for (const [path, pkg, variable] of [
    [headlessShellPath, 'chromium-headless-shell', 'CHROMIUM_HEADLESS_SHELL_PATH'],
    [chromiumPath, 'chromium', 'CHROMIUM_PATH'],
  ] as const) {
    if (!existsSync(path)) {
      throw new Error(
        `${pkg} is needed for the browser tests and was not found at ${path}.\n` +
          `Install it with: sudo apt-get install -y ${pkg} (or set ${variable}).`,
      )
    }
  }
  const outDir = buildSite()
  const distDir = join(outDir, 'client')
  // The contact API as `npm start` runs it, on free ports, its data in a folder of its own.
  const dataDir = mkdtempSync(join(tmpdir(), 'enquiries-'))
  const api = await startLocalPipeline({ dataDir, log: silentLogger, siteDirectory: distDir })
  const server = await startLocalServer({
    root: distDir,
    port: 0,
    analytics: false,
    api: api.handle,
  })
  // One browser for the run: a test's contexts are its own, and closing its connection closes
  // them; only the launch (a second or more on a busy machine) is shared.
  const browser = await chromium.launchServer({
    executablePath: headlessShellPath,
    args: [...headlessFlags],
  })
  project.provide('browserEndpoint', browser.wsEndpoint())
  project.provide('baseUrl', server.url)
  project.provide('distDir', distDir)
  project.provide('mailboxUrl', api.mailboxUrl)
  project.provide('pipelineEnv', api.env)
  return async () => {
    await browser.close()
    await server.close()
    await api.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
