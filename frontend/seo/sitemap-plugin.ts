import type { Plugin } from 'vite'
import { routes } from '../../shared/routes.ts'
import { parseSite } from '../../shared/site.ts'
import { robotsTxt, sitemapXml } from './sitemap.ts'

/**
 * Writes sitemap.xml and robots.txt beside the prerendered pages, from the one route list and
 * the configured site URL (read when the build starts, like the pages' own canonical URLs).
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
    },
  }
}
