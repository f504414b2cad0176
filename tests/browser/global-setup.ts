import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { silentLogger } from '../../functions/log.ts'
import { startLocalPipeline } from '../../infra/local/pipeline.ts'
import { startLocalServer } from '../../infra/local/server.ts'
import { chromiumPath } from './chromium-binary.ts'
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
  project.provide('baseUrl', server.url)
  project.provide('distDir', distDir)
  project.provide('mailboxUrl', api.mailboxUrl)
  project.provide('pipelineEnv', api.env)
  return async () => {
    await server.close()
    await api.close()
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(outDir, { recursive: true, force: true })
  }
}
