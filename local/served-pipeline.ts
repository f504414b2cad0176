import { once } from 'node:events'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { silentLogger } from '#functions/log.ts'
import { type LocalPipeline, startLocalPipeline } from './pipeline.ts'

export interface ServedPipeline {
  readonly stack: LocalPipeline
  /** Where the contact API answers, e.g. `${apiUrl}/api/contacts`. */
  readonly apiUrl: string
  /** Closes the server, then the stack. */
  close(): Promise<void>
}

/**
 * The local pipeline (dynalite and the SES emulator in this process, no retry timer) behind an
 * HTTP server on a free port, as a visitor's browser would post to it.
 */
export async function serveLocalPipeline(): Promise<ServedPipeline> {
  const stack = await startLocalPipeline({ retryIntervalMs: false, log: silentLogger })
  const server = createServer((req, res) => {
    stack.handle(req, res).catch(() => res.destroy())
  }).listen(0, '127.0.0.1')
  await once(server, 'listening')
  return {
    stack,
    apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      await stack.close()
    },
  }
}
