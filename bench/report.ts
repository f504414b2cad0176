import { describeClickToToast, type ToastFigures } from './click-to-toast.ts'
import { type IslandFigures, printIsland, range } from './island.ts'
import { type NextPageFigures, nextPageRoute } from './next-page.ts'
import { type Row, targets, twinRatioTarget } from './page-figures.ts'
import { median } from './stats.ts'

export interface Report {
  readonly preset: 'mobile' | 'desktop'
  readonly runs: number
  readonly rows: readonly Row[]
  readonly benchmarkIndexes: readonly number[]
  readonly elapsedS: number
  readonly island?: IslandFigures
  readonly toast?: ToastFigures
  readonly nextPage?: NextPageFigures
}

/** Prints the bench's figures: the form's, the next page's, then the pages' tables and targets. */
export function printReport(report: Report): void {
  const { preset, runs, rows, island, toast, nextPage } = report
  if (island) printIsland(island)
  if (toast) console.log(`\n${describeClickToToast(toast)}`)
  if (nextPage) {
    const { from, link, to } = nextPageRoute
    console.log(
      `\nNext page after a hover (${from}, '${link}' to ${to}; 150 ms round trip, 4x CPU; first contentful paint from the navigation's start, median of ${nextPage.samples}): with the speculation rules ${nextPage.withSpeculationMs} ms (arrived by ${[...new Set(nextPage.arrivals)].join(', ')}), without ${nextPage.withoutMs} ms`,
    )
  }
  console.log(
    `\nLighthouse ${preset} preset, simulated throttling, median of ${runs} run(s); sizes in bytes (brotli = br); JS = scripts loaded before any interaction`,
  )
  const benchmarkIndex = benchmarkIndexOf(report.benchmarkIndexes)
  if (benchmarkIndex !== undefined) {
    const [low, high] = range([...report.benchmarkIndexes])
    console.log(
      `Benchmark index of this machine ${Math.round(benchmarkIndex)} (runs ${Math.round(low)}–${Math.round(high)})${
        preset === 'desktop'
          ? ''
          : ": the 4x CPU slowdown stands for a mid-tier phone from about 1500; Lighthouse warns below 1000, where every simulated task, the floor's included, is longer than it means"
      }\n`,
    )
  }
  printPages(rows)
  printTwins(rows)
  console.log(`Measured ${rows.length} page(s) in ${report.elapsedS} s.`)
  const judged = rows.filter((row) => row.kind !== 'unlisted')
  const missed = judged.filter((row) => row.misses.length > 0)
  console.log(
    `Targets (scores ${targets.score}, LCP ≤ ${targets.lcpMs} ms, TBT ≤ ${targets.tbtMs} ms, CLS ≤ ${targets.cls}, HTML ≤ ${targets.htmlBrotli} B br, JS ≤ ${targets.jsBrotli} B br):`,
    `met on ${judged.length - missed.length} of ${judged.length} pages (the spec's routes and the 404)${
      missed.length ? `; missed on ${missed.map((row) => row.label).join(', ')}` : ''
    }.`,
  )
  if (rows.some((row) => row.kind === 'unlisted')) {
    console.log(
      "Unlisted pages are outside the spec's route table: the contact form's no-JavaScript confirmation steps, noindex by design, so Lighthouse's SEO category (is-crawlable) marks them down.",
    )
  }
}

export const benchmarkIndexOf = (indexes: readonly number[]) =>
  indexes.length > 0 ? median(indexes) : undefined

function printPages(rows: readonly Row[]): void {
  console.table(
    Object.fromEntries(
      rows.map((row) => [
        row.label,
        {
          'HTML raw': row.htmlBytes,
          'HTML br': row.htmlBrotli,
          'JS br': row.jsBrotli,
          Perf: row.performance,
          A11y: row.accessibility,
          BP: row.bestPractices,
          SEO: row.seo,
          'FCP ms': row.fcpMs,
          'LCP ms': row.lcpMs,
          'TBT ms': row.tbtMs,
          CLS: row.cls,
          Targets: row.misses.length === 0 ? 'met' : row.misses.join(', '),
        },
      ]),
    ),
  )
}

/** Each page against its bare-HTML twin, and the LCP breakdown of those over the target. */
function printTwins(rows: readonly Row[]): void {
  const twinned = rows.filter((row) => row.twin)
  if (twinned.length === 0) return
  console.log(
    `\nAgainst the bare-HTML twin (same visible text, no stylesheet, image or script; same server, same run): LCP target ≤ ${twinRatioTarget}x. The twin's own TBT and score are the floor's on this machine: Lighthouse counts the browser's own start-up work after the first paint as blocking time, a page's or not (docs/decisions/0027-first-paint-before-scripts.md)\n`,
  )
  console.table(
    Object.fromEntries(
      twinned.map((row) => [
        row.label,
        {
          'LCP ms': row.lcpMs,
          'twin LCP': row.twin?.lcpMs,
          'LCP x': row.twin?.lcpRatio,
          'FCP ms': row.fcpMs,
          'twin FCP': row.twin?.fcpMs,
          'FCP x': row.twin?.fcpRatio,
          'TBT ms': row.tbtMs,
          'twin TBT': row.twin?.tbtMs,
          Perf: row.performance,
          'twin Perf': row.twin?.performance,
          Scores: [row.performance, row.accessibility, row.bestPractices, row.seo].join('/'),
        },
      ]),
    ),
  )
  const over = twinned.filter((row) => (row.twin?.lcpRatio ?? 0) > twinRatioTarget)
  console.log(
    `LCP within ${twinRatioTarget}x of the twin on ${twinned.length - over.length} of ${twinned.length} pages.`,
  )
  if (over.length === 0) return
  console.log(
    '\nLCP breakdown where over the target (Lighthouse lcp-breakdown-insight, observed trace, ms):\n',
  )
  console.table(
    Object.fromEntries(
      over.map((row) => [
        row.label,
        row.lcpBreakdown
          ? {
              TTFB: row.lcpBreakdown.ttfb,
              'load delay': row.lcpBreakdown.loadDelay,
              'load time': row.lcpBreakdown.loadTime,
              'render delay': row.lcpBreakdown.renderDelay,
              element: row.lcpBreakdown.element,
            }
          : { element: 'no breakdown reported' },
      ]),
    ),
  )
}
