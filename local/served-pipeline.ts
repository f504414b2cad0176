import { once } from 'node:events'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { silentLogger } from '#functions/log.ts'
import { type LocalPipeline, type LocalPipelineOptions, startLocalPipeline } from './pipeline.ts'

export interface ServedPipeline {
  readonly stack: LocalPipeline
  /** Where the contact API answers, e.g. `${apiUrl}/api/contacts`; the links' site too. */
  readonly apiUrl: string
  /** Closes the server, then the stack. */
  close(): Promise<void>
}

/**
 * The local pipeline (dynalite and the SES emulator in this process, no retry timer, silent
 * unless `options` say otherwise) behind an HTTP server on a free port, as a visitor's browser
 * and staff's links reach it: the server listens first, so the pipeline's e-mails carry links
 * to it.
 */
export async function serveLocalPipeline(
  options: LocalPipelineOptions = {},
): Promise<ServedPipeline> {
  let stack: LocalPipeline | undefined
  const server = createServer((req, res) => {
    if (!stack) return res.destroy()
    stack.handle(req, res).catch(() => res.destroy())
  }).listen(0, '127.0.0.1')
  await once(server, 'listening')
  const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const closeServer = async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
  try {
    stack = await startLocalPipeline({
      retryIntervalMs: false,
      log: silentLogger,
      siteUrl: apiUrl,
      ...options,
    })
  } catch (error) {
    await closeServer()
    throw error
  }
  const started = stack
  return {
    stack: started,
    apiUrl,
    async close() {
      await closeServer()
      await started.close()
    },
  }
}
