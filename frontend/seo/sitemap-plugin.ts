import type { Plugin } from 'vite'
import { routes } from '#shared/routes.ts'
import { parseSite } from '#shared/site.ts'
import { robotsTxt, sitemapXml } from './sitemap.ts'
import { webManifest, webManifestPath } from './web-manifest.ts'

/**
 * Writes sitemap.xml, robots.txt and site.webmanifest beside the prerendered pages, from the one
 * route list and the identity config (read when the build starts, like the pages' own canonical
 * URLs).
 */
export function sitemapPlugin(): Plugin {
  return {
    name: 'elevate:sitemap',
    apply: 'build',
    // Only the client build's output is published; the SSR build must not get a copy.
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle() {
      const site = parseSite(process.env)
      const paths = routes.map((route) => route.path)
      this.emitFile({ type: 'asset', fileName: 'sitemap.xml', source: sitemapXml(site, paths) })
      this.emitFile({ type: 'asset', fileName: 'robots.txt', source: robotsTxt(site) })
      this.emitFile({
        type: 'asset',
        fileName: webManifestPath.slice(1),
        source: webManifest(site),
      })
    },
  }
}
