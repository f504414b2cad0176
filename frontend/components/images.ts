import { type ArtworkFamily, artworkCaptions } from './artwork.ts'

/** Widths every responsive image is rendered at (scripts/generate-images.ts writes them). */
export const imageWidths = [480, 960, 1600] as const

export interface ResponsiveImage {
  /** File stem under /images, e.g. `about` for /images/about-960.avif. */
  readonly name: string
  /** Intrinsic aspect ratio, width / height: reserves the box so nothing shifts as it loads. */
  readonly aspectRatio: number
  /** Empty for decorative images. */
  readonly alt: string
}

export function srcSet(image: ResponsiveImage, format: 'avif' | 'webp' | 'jpg'): string {
  return imageWidths.map((width) => `/images/${image.name}-${width}.${format} ${width}w`).join(', ')
}

export function fallbackSrc(image: ResponsiveImage): string {
  return `/images/${image.name}-960.jpg`
}

/** Every social-sharing image's size: the 1.91:1 card that LinkedIn, Facebook and X show large. */
export const socialImageSize = { width: 1200, height: 630 } as const

/** A page family's social-sharing image: its scene, the agency's name and the family's caption. */
export const socialImagePath = (family: ArtworkFamily) => `/images/social-${family}.jpg`

/** What a family's social image shows, for people who cannot see it where a link is shared. */
export const socialImageAlt = (siteName: string, family: ArtworkFamily) =>
  `${siteName}: ${artworkCaptions[family]}`
