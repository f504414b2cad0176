import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createStaticSite } from './static-site.ts'

export interface LocalServerOptions {
  readonly root: string
  readonly port: number
  readonly host?: string
  readonly analytics: boolean
}

export interface RunningServer {
  readonly server: Server
  readonly url: string
  close(): Promise<void>
}

/** The whole product on one origin, as CloudFront presents it: the site, and (later) /api/*. */
export async function startLocalServer(options: LocalServerOptions): Promise<RunningServer> {
  const serveStatic = createStaticSite(options)
  const server = createServer((req, res) => {
    serveStatic(req, res).catch((error: unknown) => {
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
      new Promise((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      ),
  }
}
