import { once } from 'node:events'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startLocalServer } from './server.ts'
import { createStaticSite } from './static-site.ts'

let site: RunningServer
let root: string

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'site-'))
  mkdirSync(join(root, 'about'))
  mkdirSync(join(root, 'assets'))
  writeFileSync(join(root, 'index.html'), '<h1>Home</h1>')
  writeFileSync(join(root, 'about', 'index.html'), '<h1>About</h1>')
  writeFileSync(join(root, '404.html'), '<h1>404 Page Not Found</h1>')
  writeFileSync(join(root, 'assets', 'app.1a2b.js'), 'console.log(1)'.repeat(100))
  writeFileSync(join(tmpdir(), 'outside-the-site.txt'), 'secret')
  site = await startLocalServer({ root, port: 0, analytics: false })
})

afterAll(async () => {
  await site.close()
  rmSync(root, { recursive: true, force: true })
})

const get = (path: string, init?: RequestInit) =>
  fetch(`${site.url}${path}`, { redirect: 'manual', ...init })

/** A GET with its request target sent byte for byte (fetch would normalise `/./`, `\\`, `%2e`). */
function rawGet(target: string): Promise<{ status: number; location?: string }> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(site.url)
    request({ hostname, port, path: target, method: 'GET' }, (response) => {
      response.resume()
      resolve({ status: response.statusCode ?? 0, location: response.headers.location })
    })
      .on('error', reject)
      .end()
  })
}

describe('local static site', () => {
  it('serves pages at their canonical URLs with the security headers', async () => {
    const response = await get('/about')
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('<h1>About</h1>')
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(response.headers.get('x-frame-options')).toBe('DENY')
  })

  it('redirects a trailing slash to the canonical URL', async () => {
    const response = await get('/about/')
    expect(response.status).toBe(301)
    expect(response.headers.get('location')).toBe('/about')
  })

  it('serves hashed assets by their exact key, as CloudFront does, with no rewrite', async () => {
    expect((await get('/assets/app.1a2b.js')).status).toBe(200)
    // No function on /assets/*: neither the trailing-slash redirect nor the index.html rewrite.
    expect((await get('/assets/app.1a2b.js/')).status).toBe(404)
    expect((await get('/assets/entries')).status).toBe(404)
  })

  it('never redirects to another host, for the paths CloudFront passes on unchanged', async () => {
    for (const target of [
      '//evil.example/',
      '/.//evil.example/',
      '/%2e//evil.example/',
      '/./\\evil.example/',
    ]) {
      const { status, location } = await rawGet(target)
      expect(status, target).toBe(301)
      expect(new URL(location ?? '', `${site.url}/faq`).origin, target).toBe(site.url)
    }
  })

  it('keeps the query string exactly as sent on the redirect', async () => {
    const { location } = await rawGet('/about/?q=caf%C3%A9+cr%c3%a8me&a=x%20y&tag=1&tag=2')
    expect(location).toBe('/about?q=caf%C3%A9+cr%c3%a8me&a=x%20y&tag=1&tag=2')
  })

  it('answers unknown paths with the 404 page and status 404', async () => {
    const response = await get('/no-such-page')
    expect(response.status).toBe(404)
    expect(await response.text()).toContain('404 Page Not Found')
  })

  it('never serves files outside the site folder', async () => {
    for (const path of [
      '/../outside-the-site.txt',
      '/..%2foutside-the-site.txt',
      '/%2e%2e/outside-the-site.txt',
    ]) {
      const response = await get(path)
      expect(response.status).toBe(404)
      expect(await response.text()).not.toContain('secret')
    }
  })

  it('caches hashed assets for a year and compresses them with brotli', async () => {
    const response = await fetch(`${site.url}/assets/app.1a2b.js`, {
      headers: { 'accept-encoding': 'br' },
    })
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(response.headers.get('content-encoding')).toBe('br')
    const raw = Buffer.from(await response.arrayBuffer())
    // fetch may or may not decode; either way the content is the file.
    const text = raw.toString().startsWith('console')
      ? raw.toString()
      : brotliDecompressSync(raw).toString()
    expect(text).toBe('console.log(1)'.repeat(100))
  })

  it('refuses methods other than GET and HEAD', async () => {
    const response = await get('/', { method: 'DELETE' })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('GET, HEAD')
  })
})

describe('the static server under a scan of unknown paths', () => {
  it('keeps at most one cached entry per file of the site, however many paths it is asked for', async () => {
    const serveStatic = createStaticSite({ root, analytics: false })
    const server = createServer((req, res) => {
      serveStatic(req, res).catch(() => res.destroy())
    }).listen(0, '127.0.0.1')
    await once(server, 'listening')
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      // Missing pages, and many spellings of one existing file.
      const paths = Array.from({ length: 300 }, (_, i) =>
        i % 3 === 0 ? `/scan-${i}/%2e%2e/about/index.html` : `/scan-${i}`,
      )
      for (let at = 0; at < paths.length; at += 50) {
        const answers = await Promise.all(
          paths.slice(at, at + 50).map(async (path) => {
            const response = await fetch(`${base}${path}`)
            await response.arrayBuffer()
            return response.status
          }),
        )
        expect(answers.every((status) => status === 200 || status === 404)).toBe(true)
      }
      // index.html, about/index.html and 404.html at most; no entry per path asked for.
      expect(serveStatic.cachedFiles()).toBeLessThanOrEqual(3)
      expect((await fetch(`${base}/about`)).status).toBe(200)
    } finally {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  }, 60_000)
})
