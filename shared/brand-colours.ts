/**
 * The brand's colours outside the page's own styles: the browser's toolbar and the splash screen
 * of the site added to a home screen. `theme` is the theme's brand.700. A module without zod, so
 * the theme (and with it the contact form's island) does not load the site's config schema.
 */
export const brandColours = { theme: '#1a3aa3', background: '#ffffff' } as const
