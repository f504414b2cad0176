/**
 * `npm run screenshots`: full-page PNGs of every page at a phone's and a laptop's width, to look
 * the whole site over in one place (overlaps, empty slots, ragged buttons) before a release.
 *
 *   npm run screenshots                          every route into screenshots/ (git-ignored)
 *   npm run screenshots -- --out /tmp/shots      somewhere else
 *   npm run screenshots -- --route / --route /faq    only these pages
 *   npm run screenshots -- --build               rebuild dist/ first (otherwise an existing
 *                                                build is used, and one is made only if missing)
 *   npm run screenshots -- --dist DIR            serve another build's client folder
 *
 * The pages are served by the local static server (the same rewrite and headers as CloudFront)
 * on a free port, and shot in Debian's Chromium with reduced motion and the cookie choice already
 * made, so nothing is caught mid-animation and no banner covers the content.
 */
import { parseScreenshotOptions, takeScreenshots } from './screenshots.ts'

const options = parseScreenshotOptions(process.argv.slice(2))
const written = await takeScreenshots(options)
console.log(`${written.length} screenshots in ${options.out}`)
