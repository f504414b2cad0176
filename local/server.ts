import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { securityHeaders, toHttpHeaders } from '#shared/security-headers.ts'
import { createStaticSite } from './static-site.ts'

export interface LocalServerOptions {
  readonly root: string
  readonly port: number
  readonly host?: string
  readonly analytics: boolean
  /** Serves `/api/*` (the contact API); without it those paths get the site's 404. */
  readonly api?: (req: IncomingMessage, res: ServerResponse) => Promise<void>
}

export interface RunningServer {
  readonly server: Server
  readonly url: string
  close(): Promise<void>
}

/** The whole product on one origin, as CloudFront presents it: the site, and /api/*. */
export async function startLocalServer(options: LocalServerOptions): Promise<RunningServer> {
  const serveStatic = createStaticSite(options)
  const { api } = options
  const apiHeaders = toHttpHeaders(securityHeaders({ analytics: options.analytics }))
  const server = createServer((req, res) => {
    const isApi = api !== undefined && /^\/api(\/|$|\?)/.test(req.url ?? '')
    const serve = isApi
      ? () => {
          // CloudFront's response headers policy covers the /api/* behaviour too.
          for (const [name, value] of Object.entries(apiHeaders)) res.setHeader(name, value)
          return api(req, res)
        }
      : () => serveStatic(req, res)
    serve().catch((error: unknown) => {
      console.error(JSON.stringify({ level: 'error', msg: 'request failed', error: String(error) }))
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' })
      res.end('Internal Server Error')
    })
  })
  const host = options.host ?? '127.0.0.1'
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, host, resolve)
  })
  const { port } = server.address() as AddressInfo
  return {
    server,
    url: `http://${host}:${port}`,
    close: () =>
      new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        // Idle keep-alive sockets (a browser's, a test's fetch) would otherwise hold it open.
        server.closeIdleConnections()
      }),
  }
}
