import { absoluteUrl, type Site } from '#shared/site.ts'

/** Escapes the five XML special characters (a configured site URL could contain `&`). */
function xmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/** The sitemap protocol's urlset: one absolute, canonical URL per page. */
export function sitemapXml(site: Pick<Site, 'url'>, paths: readonly string[]): string {
  const urls = paths
    .map((path) => `  <url><loc>${xmlEscape(absoluteUrl(site, path))}</loc></url>`)
    .join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls}
</urlset>
`
}

/** Every page may be crawled; the sitemap says where they are. */
export function robotsTxt(site: Pick<Site, 'url'>): string {
  return `User-agent: *
Allow: /

Sitemap: ${absoluteUrl(site, '/sitemap.xml')}
`
}
