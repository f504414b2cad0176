/**
 * Debian's Chromium, as the browser tests and the benchmark both start it (Playwright's and
 * Lighthouse's own downloads are not available on these machines). No test-runner imports here,
 * so the benchmark can use it too.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Headless, and quiet: no background traffic to skew what a page is seen to request. */
export const headlessFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const
