import { readFile } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { extname, join, resolve, sep } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { securityHeaders, toHttpHeaders } from '#shared/security-headers.ts'
import {
  isViewerResponse,
  loadViewerRequest,
  parseRawQuery,
  type ViewerRequestEvent,
  type ViewerValue,
} from '#shared/viewer-request.ts'

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.avif': 'image/avif',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
}
const compressible = new Set([
  '.html',
  '.js',
  '.css',
  '.json',
  '.svg',
  '.xml',
  '.txt',
  '.webmanifest',
])

/** The cache rules CloudFront applies: hashed build assets forever, HTML always revalidated. */
export function cacheControlFor(path: string): string {
  if (path.startsWith('/assets/')) return 'public, max-age=31536000, immutable'
  if (path.endsWith('.html')) return 'public, max-age=0, must-revalidate'
  return 'public, max-age=86400'
}

interface Encoded {
  identity: Buffer
  br?: Buffer
  gzip?: Buffer
}

export interface StaticSiteOptions {
  /** The prerendered site, e.g. dist/client. */
  readonly root: string
  /** Whether the CSP admits Google Analytics (a measurement id is configured). */
  readonly analytics: boolean
}

/**
 * Serves the prerendered site the way CloudFront does: the same viewer-request function, the
 * same security headers, 404.html with status 404 for anything missing, compression and caching.
 */
export function createStaticSite({ root, analytics }: StaticSiteOptions) {
  const viewerRequest = loadViewerRequest()
  const headers = toHttpHeaders(securityHeaders({ analytics }))
  // Keyed by the file on disk, and only while a read is in flight or the file exists: the cache
  // holds at most one entry per file of the site, however many different paths visitors (or
  // scanners) ask for.
  const files = new Map<string, Promise<Encoded | undefined>>()

  const load = (path: string) => {
    const file = join(root, path)
    let entry = files.get(file)
    if (!entry) {
      const reading = readEncoded(root, file)
      entry = reading
      files.set(file, reading)
      reading.then(
        (found) => {
          if (!found) files.delete(file)
        },
        () => files.delete(file),
      )
    }
    return entry
  }

  async function serveStatic(req: IncomingMessage, res: ServerResponse): Promise<void> {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' })
      res.end('Method Not Allowed')
      return
    }
    // CloudFront runs the function on pages only: the /assets/* behaviour has none.
    const event = toViewerEvent(req)
    const result = event.request.uri.startsWith('/assets/') ? event.request : viewerRequest(event)
    if (isViewerResponse(result)) {
      for (const [name, { value }] of Object.entries(result.headers)) res.setHeader(name, value)
      res.writeHead(result.statusCode, result.statusDescription)
      res.end()
      return
    }

    const requested = safeDecode(result.uri)
    let path = requested ?? '/404.html'
    let status = 200
    let file = requested ? await load(requested) : undefined
    if (!file) {
      path = '/404.html'
      status = 404
      file = await load(path)
    }
    if (!file) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' })
      res.end('Not Found')
      return
    }
    const extension = extname(path)
    const accepts = String(req.headers['accept-encoding'] ?? '')
    const encoding =
      file.br && /\bbr\b/.test(accepts)
        ? 'br'
        : file.gzip && /\bgzip\b/.test(accepts)
          ? 'gzip'
          : undefined
    const body = encoding ? (file[encoding] as Buffer) : file.identity
    res.setHeader('Content-Type', contentTypes[extension] ?? 'application/octet-stream')
    res.setHeader('Cache-Control', status === 404 ? 'no-cache' : cacheControlFor(path))
    res.setHeader('Content-Length', body.length)
    if (compressible.has(extension)) res.setHeader('Vary', 'Accept-Encoding')
    if (encoding) res.setHeader('Content-Encoding', encoding)
    res.writeHead(status)
    res.end(req.method === 'HEAD' ? undefined : body)
  }
  /** How many files the server keeps in memory (for its tests). */
  serveStatic.cachedFiles = () => files.size
  return serveStatic
}

/**
 * The event CloudFront would build: the path exactly as sent (no dot-segment or slash
 * normalising, which would hide what the function must handle), query values still
 * percent-encoded, cookies apart from the other headers.
 */
function toViewerEvent(req: IncomingMessage): ViewerRequestEvent {
  const target = req.url ?? '/'
  const queryAt = target.indexOf('?')
  const uri = queryAt === -1 ? target : target.slice(0, queryAt)
  const headers: Record<string, ViewerValue> = {}
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string' && name !== 'cookie') headers[name] = { value }
  }
  const cookies: Record<string, ViewerValue> = {}
  for (const pair of String(req.headers.cookie ?? '').split(';')) {
    const equals = pair.indexOf('=')
    if (equals > 0) cookies[pair.slice(0, equals).trim()] = { value: pair.slice(equals + 1).trim() }
  }
  return {
    version: '1.0',
    context: { eventType: 'viewer-request' },
    viewer: { ip: req.socket.remoteAddress ?? '127.0.0.1' },
    request: {
      method: req.method ?? 'GET',
      uri,
      querystring: parseRawQuery(queryAt === -1 ? '' : target.slice(queryAt + 1)),
      headers,
      cookies,
    },
  }
}

function safeDecode(uri: string): string | undefined {
  try {
    return decodeURIComponent(uri)
  } catch {
    return undefined
  }
}

async function readEncoded(root: string, file: string): Promise<Encoded | undefined> {
  // Never serve anything outside the site's folder, whatever the path says.
  if (!file.startsWith(resolve(root) + sep)) return undefined
  let identity: Buffer
  try {
    identity = await readFile(file)
  } catch {
    return undefined
  }
  if (!compressible.has(extname(file))) return { identity }
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(identity, { level: 9 }),
  }
}
