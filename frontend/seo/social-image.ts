import { type ArtworkFamily, artworkCaptions } from '../page-families.ts'

/** Every social-sharing image's size: the 1.91:1 card that LinkedIn, Facebook and X show large. */
export const socialImageSize = { width: 1200, height: 630 } as const

/** A page family's social-sharing image: its scene, the agency's name and the family's caption. */
export const socialImagePath = (family: ArtworkFamily) => `/images/social-${family}.jpg`

/** What a family's social image shows, for people who cannot see it where a link is shared. */
export const socialImageAlt = (siteName: string, family: ArtworkFamily) =>
  `${siteName}: ${artworkCaptions[family]}`
