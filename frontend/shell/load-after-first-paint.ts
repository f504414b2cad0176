import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Plugin } from 'vite'
import { afterFirstPaintLoaderText } from '../../shared/after-first-paint.ts'

/** The entry script tag Vike writes into every prerendered page. */
const VIKE_ENTRY = /<script src="(\/assets\/entries\/[\w.-]+\.js)" type="module" async><\/script>/g

/** The page with its entry script loaded after the first paint (shared/after-first-paint.ts). */
export function loadScriptsAfterFirstPaint(html: string, file = 'the page'): string {
  const entries = [...html.matchAll(VIKE_ENTRY)]
  // Loud rather than silent if a Vike upgrade writes the tag differently.
  if (entries.length !== 1) {
    throw new Error(`Expected one Vike entry <script> in ${file}, found ${entries.length}`)
  }
  return html.replace(
    VIKE_ENTRY,
    (_, src: string) => `<script data-src="${src}">${afterFirstPaintLoaderText}</script>`,
  )
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return htmlFiles(path)
    return entry.name.endsWith('.html') ? [path] : []
  })
}

/** Rewrites the prerendered pages once Vike has written them (it prerenders in the SSR build). */
export function loadAfterFirstPaintPlugin(): Plugin {
  return {
    name: 'elevate:load-after-first-paint',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'ssr',
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const { root, build } = this.environment.config
        const clientDir = resolve(root, build.outDir, '../client')
        for (const file of htmlFiles(clientDir)) {
          writeFileSync(file, loadScriptsAfterFirstPaint(readFileSync(file, 'utf8'), file))
        }
      },
    },
  }
}
