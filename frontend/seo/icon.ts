import iconSvg from '../public/favicon.svg?raw'

/**
 * The site's icon (frontend/public/favicon.svg, the one source scripts/generate-icons.ts also
 * draws favicon.ico and the touch icons from) as a `data:` URL for the page's own `<link
 * rel=icon>`. Percent-encoded whole, so it is a valid URL and needs no escaping in an attribute.
 */
export const iconDataUri = `data:image/svg+xml,${encodeURIComponent(iconSvg.trim())}`
