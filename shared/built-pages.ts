import { readdirSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Every prerendered page under a built site's folder (`dist/client`), as absolute paths: the
 * build's rewrite of its pages, the deploy's CSP check, the bench and the tests all walk the
 * same files. `assets/` holds scripts and images only.
 */
export function builtHtmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'assets' ? [] : builtHtmlFiles(path)
    return entry.name.endsWith('.html') ? [path] : []
  })
}

/** The URL path CloudFront's rewrite serves a built file at (shared/viewer-request.js). */
export function pathForFile(file: string): string {
  if (file === 'index.html') return '/'
  return file.endsWith('/index.html') ? `/${file.slice(0, -'/index.html'.length)}` : `/${file}`
}
