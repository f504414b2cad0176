/** The spec's cookie-consent constants: what is stored in the browser, and the banner's timing. */
export const CONSENT_KEY = 'cookie-consent'
export const CONSENT_DATE_KEY = 'cookie-consent-date'

export const consentChoices = ['accepted', 'declined'] as const
export type ConsentChoice = (typeof consentChoices)[number]

/** The banner waits this long before it appears to a visitor who has not chosen yet. */
export const BANNER_DELAY_MS = 1500
/** Its fade-and-slide out after a choice (skipped when the visitor prefers reduced motion). */
export const BANNER_EXIT_MS = 300

/**
 * Marks what floats at the bottom of the screen and rises above the banner while it is open:
 * banner.ts sets `--cookie-banner-height` on each such element (never on the root, which would
 * restyle the whole page).
 */
export const ABOVE_BANNER_ATTRIBUTE = 'data-above-cookie-banner'
