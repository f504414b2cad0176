import { readFile } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { extname, join, resolve, sep } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { securityHeaders, toHttpHeaders } from '../../shared/security-headers.ts'
import {
  isViewerResponse,
  loadViewerRequest,
  type ViewerRequestEvent,
} from '../../shared/viewer-request.ts'

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
  const files = new Map<string, Promise<Encoded | undefined>>()

  const load = (path: string) => {
    let entry = files.get(path)
    if (!entry) {
      entry = readEncoded(root, path)
      files.set(path, entry)
    }
    return entry
  }

  return async function serveStatic(req: IncomingMessage, res: ServerResponse): Promise<void> {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' })
      res.end('Method Not Allowed')
      return
    }
    const url = new URL(req.url ?? '/', 'http://localhost')
    const result = viewerRequest(toViewerEvent(req, url))
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
}

function toViewerEvent(req: IncomingMessage, url: URL): ViewerRequestEvent {
  const querystring: ViewerRequestEvent['request']['querystring'] = {}
  for (const name of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(name).map((value) => ({ value }))
    querystring[name] = {
      value: values[0]?.value ?? '',
      ...(values.length > 1 ? { multiValue: values } : {}),
    }
  }
  const headers: ViewerRequestEvent['request']['headers'] = {}
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers[name] = { value }
  }
  return { request: { method: req.method ?? 'GET', uri: url.pathname, querystring, headers } }
}

function safeDecode(uri: string): string | undefined {
  try {
    return decodeURIComponent(uri)
  } catch {
    return undefined
  }
}

async function readEncoded(root: string, path: string): Promise<Encoded | undefined> {
  const file = join(root, path)
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
