/**
 * The site's page families: the pages that share a hero scene and a social-sharing image
 * (components/artwork.ts draws the scenes, seo/social-image.ts names the images), with the
 * caption each family's image carries. Kept apart from both, so the page head, the structured
 * data and the artwork all read it without importing one another.
 */

export const artworkFamilies = [
  'home',
  'about',
  'services',
  'seo',
  'ppc',
  'social-media',
  'email-marketing',
  'website-development',
  'legal',
  'contact',
] as const
export type ArtworkFamily = (typeof artworkFamilies)[number]

/** What each family's social-sharing image says under the agency's name, and its alt text. */
export const artworkCaptions: Record<ArtworkFamily, string> = {
  home: 'Digital marketing that grows UK businesses',
  about: 'The team behind your growth',
  services: 'Digital marketing services',
  seo: 'Search engine optimisation',
  ppc: 'Pay-per-click advertising',
  'social-media': 'Social media marketing',
  'email-marketing': 'Email marketing',
  'website-development': 'Website development',
  legal: 'Terms and privacy',
  contact: 'Talk to us about your growth',
}

/** Which family a page belongs to, by its path; pages outside every family get the home scene. */
export function artworkFamilyFor(path: string): ArtworkFamily {
  const service = /^\/services\/([a-z-]+)/.exec(path)?.[1]
  if (service && (artworkFamilies as readonly string[]).includes(service)) {
    return service as ArtworkFamily
  }
  if (path.startsWith('/services')) return 'services'
  if (['/about', '/values', '/why-choose-us'].includes(path)) return 'about'
  if (['/terms', '/privacy-policy'].includes(path)) return 'legal'
  if (path === '/contact' || path.startsWith('/contact/') || path === '/faq') return 'contact'
  return 'home'
}
