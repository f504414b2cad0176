/**
 * `npm run bench`: per built page, the HTML's size, the JavaScript a visit loads before any
 * interaction, and Lighthouse 13's scores and lab metrics (median of N runs), printed as a table
 * with the performance targets checked, and written to bench/results.json so two runs can be
 * compared. It measures; it fails nothing.
 *
 * Beside every route (and the 404) it measures the page's bare-HTML twin (bench/twin.ts: the
 * same visible text, no stylesheet, image or script) from the same server in the same run, and
 * prints LCP and FCP against the twin's with the ratios, and the twin's own blocking time and
 * performance score beside the page's: what the floor itself scores on this machine. For a route
 * whose LCP is over 1.15x its twin's it also prints Lighthouse's LCP breakdown (TTFB, load
 * delay, load time, render delay). It prints Lighthouse's benchmark index of the machine: the
 * mobile preset's 4x CPU slowdown means a mid-tier phone only on a fast machine.
 *
 * Pages come in the spec's route order, then the 404, then the pages outside the route table
 * (the contact form's no-JavaScript confirmation steps, noindex by design), then anything else
 * the build wrote.
 *
 *   npm run bench                        mobile preset, 3 runs per page
 *   npm run bench -- --routes /,/about   those pages only (comma-separated; --only repeats)
 *   npm run bench -- --runs 1            quicker
 *   npm run bench -- --desktop           desktop preset
 *   npm run bench -- --only /contact     one page (repeat --only for more)
 *   npm run bench -- --island-only       only the contact form's figures (island, click to toast)
 *   node bench/site.ts --dist <dir> --out <file>   another build, another results file
 *
 * With /contact among the pages it times the form: its island (first focus to interactive) and
 * the click on Send to the spec's toast (bench/click-to-toast.ts), each at 1x and 4x CPU.
 * When the home page and /about are among the pages, it also times the next page after a hover
 * with the pages' speculation rules and without them (bench/next-page.ts).
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from 'playwright-core'
import { startLocalServer } from '#local/server.ts'
import { builtHtmlFiles, pathForFile } from '#shared/built-pages.ts'
import { routes, unlistedPages } from '#shared/routes.ts'
import { chromiumPath, headlessFlags } from '#tests/browser/chromium-binary.ts'
import { startDebugChromium } from './chromium-debug.ts'
import { clickToToast, type ToastFigures } from './click-to-toast.ts'
import {
  type IslandFigures,
  islandPath,
  islandTargets,
  MOBILE_CPU_SLOWDOWN,
  measureIsland,
} from './island.ts'
import { type NextPageFigures, nextPageMs, nextPageRoute } from './next-page.ts'
import {
  type Kind,
  measurePage,
  type PageBench,
  type Row,
  type Target,
  targets,
  twinRatioTarget,
} from './page-figures.ts'
import { benchmarkIndexOf, printReport } from './report.ts'
import { bareTwin, twinPath } from './twin.ts'

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    desktop: { type: 'boolean', default: false },
    only: { type: 'string', multiple: true },
    routes: { type: 'string' },
    'island-only': { type: 'boolean', default: false },
    dist: { type: 'string' },
    out: { type: 'string' },
  },
})
const runs = Math.max(1, Number(options.runs))
const root = options.dist
  ? `${resolve(options.dist)}/`
  : new URL('../dist/client/', import.meta.url).pathname
const out = options.out ? resolve(options.out) : new URL('./results.json', import.meta.url).pathname
const preset = options.desktop ? 'desktop' : 'mobile'
// The viewports Lighthouse's presets emulate, for the JavaScript count too.
const viewport = options.desktop ? { width: 1350, height: 940 } : { width: 412, height: 823 }

/** Every built page, in the spec's order, each with its kind. */
function pagesToMeasure(): Target[] {
  const files = new Map(
    builtHtmlFiles(root).map((file) => [pathForFile(relative(root, file)), file]),
  )
  const take = (path: string, label: string, kind: Kind): Target[] => {
    const file = files.get(path)
    if (!file) return []
    files.delete(path)
    return [{ path, label, kind, file }]
  }
  const ordered = [
    ...routes.flatMap(({ path }) => take(path, path, 'route')),
    // Lighthouse will not audit a document answered with 404, so it reads the same file directly.
    ...take('/404.html', '404 (any unknown path)', '404'),
    ...unlistedPages.flatMap(({ path }) => take(path, `${path} (unlisted)`, 'unlisted')),
    ...[...files.keys()].flatMap((path) => take(path, `${path} (unlisted)`, 'unlisted')),
  ]
  const only = [
    ...(options.only ?? []),
    ...(options.routes?.split(',').map((path) => path.trim()) ?? []),
  ]
  return only.length > 0 ? ordered.filter((page) => only.includes(page.path)) : ordered
}

const pages = options['island-only'] ? [] : pagesToMeasure()
if (pages.length === 0 && !options['island-only']) {
  throw new Error(`No built pages to measure under ${root}`)
}
const measuresIsland = options['island-only'] || pages.some((page) => page.path === islandPath)
const measuresNextPage = [nextPageRoute.from, nextPageRoute.to].every((path) =>
  pages.some((page) => page.path === path),
)

/**
 * The build is copied so the twins can sit beside the pages (served by the same server, with the
 * same headers and compression) without writing into a build that tests or a deploy may share.
 */
const served = mkdtempSync(join(tmpdir(), 'bench-site-'))
cpSync(root, served, { recursive: true })
for (const page of pages) {
  if (page.kind === 'unlisted') continue
  const dir = join(served, twinPath(page.path))
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'index.html'), bareTwin(readFileSync(page.file, 'utf8')))
}
const startedAt = Date.now()

const server = await startLocalServer({ root: served, port: 0, analytics: false })
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: [...headlessFlags],
})
const debugChromium = await startDebugChromium()
const bench: PageBench = {
  browser,
  baseUrl: server.url,
  debugPort: debugChromium.port,
  desktop: options.desktop,
  viewport,
  runs,
  benchmarkIndexes: [],
}

const rows: Row[] = []
let island: IslandFigures | undefined
let toast: ToastFigures | undefined
let nextPage: NextPageFigures | undefined
try {
  if (measuresNextPage) {
    nextPage = await nextPageMs(browser, server.url, runs)
    process.stderr.write('measured the next page after a hover\n')
  }
  if (measuresIsland) {
    island = await measureIsland(browser, server.url, runs)
    process.stderr.write(`measured the contact form island\n`)
    toast = await clickToToast(browser, server.url, viewport, runs, [1, MOBILE_CPU_SLOWDOWN])
    process.stderr.write('measured click to toast\n')
  }
  for (const page of pages) {
    rows.push(await measurePage(bench, page))
    process.stderr.write(`measured ${page.path}\n`)
  }
} finally {
  await debugChromium.close()
  await browser.close()
  await server.close()
  rmSync(served, { recursive: true, force: true })
}
const elapsedS = Math.round((Date.now() - startedAt) / 1000)
const { benchmarkIndexes } = bench

printReport({ preset, runs, rows, benchmarkIndexes, elapsedS, island, toast, nextPage })
const benchmarkIndex = benchmarkIndexOf(benchmarkIndexes)
writeFileSync(
  out,
  `${JSON.stringify({ preset, runs, benchmarkIndex, targets, twinRatioTarget, elapsedS, measuredAt: new Date().toISOString(), rows, island, islandTargets, toast, nextPage }, null, 2)}\n`,
)
console.log(`Written to ${out}`)
