import { brandColours } from '#shared/brand-colours.ts'
import type { Site } from '#shared/site.ts'

/**
 * Where the manifest is served. The shell imports this path to declare the manifest once the
 * page is on screen (shell/shell.ts), so nothing here may pull in the site's config schema (zod)
 * at run time: `Site` is a type only.
 */
export const webManifestPath = '/site.webmanifest'

/** The icons in frontend/public (made by scripts/generate-icons.ts). */
const icons = [
  { src: '/favicon.svg', type: 'image/svg+xml', sizes: 'any' },
  { src: '/icon-512.png', type: 'image/png', sizes: '512x512' },
  { src: '/apple-touch-icon.png', type: 'image/png', sizes: '180x180' },
] as const

/**
 * site.webmanifest, from the identity config: a deployment that renames the agency renames the
 * home-screen icon too. `display: browser` keeps the address bar: a brochure site, not an app.
 */
export function webManifest(site: Pick<Site, 'name' | 'shortName'>): string {
  const manifest = {
    name: site.name,
    short_name: site.shortName,
    start_url: '/',
    display: 'browser',
    background_color: brandColours.background,
    theme_color: brandColours.theme,
    icons,
  }
  return `${JSON.stringify(manifest, null, 2)}\n`
}
