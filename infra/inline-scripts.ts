import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { builtHtmlFiles } from '#shared/built-pages.ts'

/** An inline `<script>`: no `src`, so the CSP admits it by its hash or not at all. */
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/gi
/** Data blocks (JSON-LD) are never run, so no policy applies to them. */
const DATA_BLOCK = /\stype="application\/(?:ld\+)?json"/i

/**
 * The inline scripts of a built site that `csp` would refuse, as `page: 'sha256-…'`: pages built
 * from other code than the policy they would be served with. Since every page starts its module
 * from an inline script (shared/scripts-after-paint.ts), such a page would run no script at all,
 * so the site construct refuses to deploy it and the browser tests check the built site with it.
 */
export function inlineScriptsRefused(siteDirectory: string, csp: string): string[] {
  const scriptSrc =
    csp
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .find(([name]) => name === 'script-src')
      ?.slice(1) ?? []
  return builtHtmlFiles(siteDirectory).flatMap((file) => {
    const page = relative(siteDirectory, file)
    return [...readFileSync(file, 'utf8').matchAll(INLINE_SCRIPT)]
      .filter(([, attributes]) => !DATA_BLOCK.test(attributes ?? ''))
      .map(
        ([, , text]) =>
          `'sha256-${createHash('sha256')
            .update(text ?? '')
            .digest('base64')}'`,
      )
      .filter((source) => !scriptSrc.includes(source))
      .map((source) => `${page}: ${source}`)
  })
}
