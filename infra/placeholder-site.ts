import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * What `npm run build` leaves in dist/client, in miniature: for a synthesis that needs a site
 * folder but no real pages (the retention audit reads no page; the infra tests check how the
 * folder is shipped, not what is in it).
 */
export function writePlaceholderSite(directory: string): string {
  const files: Record<string, string> = {
    'index.html': '<!doctype html><title>Home</title>',
    '404.html': '<!doctype html><title>Not found</title>',
    'about/index.html': '<!doctype html><title>About</title>',
    'assets/entries/page.AbCd1234.js': 'console.log(1)',
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    '.vite/manifest.json': '{}',
  }
  for (const [path, content] of Object.entries(files)) {
    const file = join(directory, path)
    mkdirSync(join(file, '..'), { recursive: true })
    writeFileSync(file, content)
  }
  return directory
}
