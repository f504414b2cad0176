import { readFileSync, writeFileSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import type { Plugin } from 'vite'
import { builtHtmlFiles } from '#shared/built-pages.ts'
import { scriptsAfterPaintHtml } from '#shared/scripts-after-paint.ts'

/** Vike's entry script, as it writes it into every prerendered page. */
const VIKE_ENTRY = /<script src="(\/assets\/entries\/[^"]+\.js)" type="module" async><\/script>/g

/**
 * The page with Vike's entry `<script>` replaced by the start after the first paint
 * (shared/scripts-after-paint.ts). A page must carry exactly one entry: anything else means
 * Vike's output changed shape, and a page silently left fetching its script early, or with no
 * script at all, would go unnoticed.
 */
export function withScriptsAfterPaint(html: string, page: string): string {
  const entries = [...html.matchAll(VIKE_ENTRY)]
  if (entries.length !== 1) {
    throw new Error(`${page}: expected one Vike entry script, found ${entries.length}`)
  }
  return html.replace(VIKE_ENTRY, (_tag, entry: string) => scriptsAfterPaintHtml(entry))
}

/**
 * Rewrites every prerendered page once Vike has written them: Vike prerenders at the end of the
 * server build, so this runs when that build closes, over the client build's folder.
 */
export function scriptsAfterPaintPlugin(): Plugin {
  let clientDir = ''
  return {
    name: 'elevate:scripts-after-paint',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'ssr',
    configResolved(config) {
      const outDir = config.environments.client?.build.outDir
      if (!outDir) throw new Error('No client build folder to rewrite')
      clientDir = resolve(config.root, outDir)
    },
    closeBundle() {
      const pages = builtHtmlFiles(clientDir)
      if (pages.length === 0) throw new Error(`No prerendered pages under ${clientDir}`)
      for (const file of pages) {
        const html = readFileSync(file, 'utf8')
        writeFileSync(file, withScriptsAfterPaint(html, relative(clientDir, file)))
      }
    },
  }
}
