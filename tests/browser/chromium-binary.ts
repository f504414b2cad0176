/**
 * Debian's Chromium, as the benchmark and the screenshots start it, and the browser tests that
 * need what only the whole browser does (it asks for /favicon.ico on its own). Playwright's and
 * Lighthouse's own downloads are not available on these machines. No test-runner imports here,
 * so the benchmark can use it too.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * Chromium's headless shell (Debian's `chromium-headless-shell`), the browser the tests drive,
 * as Playwright's own headless runs do: the same Blink and V8 without the whole browser's
 * windowing and GPU processes, at about 60% of its CPU (the browser project took 227 s on it
 * against 384 s, same machine, same tests).
 */
export const headlessShellPath =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/lib/chromium/chromium-headless-shell'

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
