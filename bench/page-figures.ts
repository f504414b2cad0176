import { readFileSync } from 'node:fs'
import { brotliCompressSync, constants } from 'node:zlib'
import lighthouse from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import type { Browser } from 'playwright-core'
import { median } from './stats.ts'
import { twinPath } from './twin.ts'

/** The performance targets, for every route and the 404. */
export const targets = {
  score: 100,
  lcpMs: 1500,
  tbtMs: 50,
  cls: 0,
  htmlBrotli: 14 * 1024,
  jsBrotli: 15 * 1024,
}

/** LCP within this factor of the bare-HTML twin's. */
export const twinRatioTarget = 1.15
const ratio = (ours: number, twin: number) => Math.round((ours / twin) * 100) / 100

const brotli = (data: Buffer | string) =>
  brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length

export type Kind = 'route' | '404' | 'unlisted'
export interface Target {
  /** Where Lighthouse and the browser load it. */
  readonly path: string
  readonly label: string
  readonly kind: Kind
  readonly file: string
}

export interface Row {
  path: string
  label: string
  kind: Kind
  htmlBytes: number
  htmlBrotli: number
  jsBrotli: number
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  lcpMs: number
  fcpMs: number
  tbtMs: number
  cls: number
  /**
   * The bare-HTML twin (routes and the 404 only): its paints, ours over theirs, and its own
   * blocking time and performance score.
   */
  twin?: {
    lcpMs: number
    fcpMs: number
    lcpRatio: number
    fcpRatio: number
    tbtMs: number
    performance: number
  }
  /** Lighthouse's LCP breakdown (ms) and element, from the run whose LCP was the median. */
  lcpBreakdown?: LcpBreakdown
  /** The targets this page misses, e.g. `SEO 66`; empty when it meets them all. */
  misses: string[]
}

export interface LcpBreakdown {
  element: string
  ttfb: number
  loadDelay: number
  loadTime: number
  renderDelay: number
}

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>

/** Lighthouse 13's `lcp-breakdown-insight`: a subparts table, then the LCP element. */
function lcpBreakdown(lhr: Result['lhr']): LcpBreakdown | undefined {
  const details = lhr.audits['lcp-breakdown-insight']?.details as
    | {
        items?: {
          type: string
          items?: { subpart?: string; duration?: number }[]
          snippet?: string
          selector?: string
        }[]
      }
    | undefined
  const [table, node] = details?.items ?? []
  if (!table?.items) return undefined
  const part = (name: string) =>
    Math.round(table.items?.find((item) => item.subpart === name)?.duration ?? 0)
  return {
    element: node?.selector ?? node?.snippet ?? '?',
    ttfb: part('timeToFirstByte'),
    loadDelay: part('resourceLoadDelay'),
    loadTime: part('resourceLoadDuration'),
    renderDelay: part('elementRenderDelay'),
  }
}

function misses(row: Omit<Row, 'misses'>): string[] {
  const found: string[] = []
  const scores = [
    ['Perf', row.performance],
    ['A11y', row.accessibility],
    ['BP', row.bestPractices],
    ['SEO', row.seo],
  ] as const
  for (const [name, value] of scores) if (value < targets.score) found.push(`${name} ${value}`)
  if (row.lcpMs > targets.lcpMs) found.push(`LCP ${row.lcpMs} ms`)
  if (row.twin && row.twin.lcpRatio > twinRatioTarget) found.push(`LCP ${row.twin.lcpRatio}x twin`)
  if (row.tbtMs > targets.tbtMs) found.push(`TBT ${row.tbtMs} ms`)
  if (row.cls > targets.cls) found.push(`CLS ${row.cls}`)
  if (row.htmlBrotli > targets.htmlBrotli) found.push(`HTML ${row.htmlBrotli} B`)
  if (row.jsBrotli > targets.jsBrotli) found.push(`JS ${row.jsBrotli} B`)
  return found
}

export interface PageBench {
  readonly browser: Browser
  /** The local server's address, serving the build and the twins. */
  readonly baseUrl: string
  /** The remote-debugging port of the Chromium that Lighthouse drives. */
  readonly debugPort: number
  readonly desktop: boolean
  readonly viewport: { width: number; height: number }
  readonly runs: number
  /**
   * Lighthouse's benchmark index of this machine, from every run: its 4x CPU slowdown stands for
   * a mid-tier phone when the index is that of a high-end desktop (1500 and up), and it warns
   * below 1000. On a slower machine every simulated task is longer, the floor's own TBT included.
   */
  readonly benchmarkIndexes: number[]
}

/** One Lighthouse run; a trace that fails to record (it happens on a busy machine) is retried. */
async function audit(bench: PageBench, url: string, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(
      url,
      { port: bench.debugPort, output: 'json', logLevel: 'error' },
      bench.desktop ? desktopConfig : undefined,
    )
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
    if (!result.lhr.runtimeError) {
      bench.benchmarkIndexes.push(result.lhr.environment.benchmarkIndex)
      return result
    }
    if (attempt === attempts) {
      throw new Error(`Lighthouse could not audit ${url}: ${result.lhr.runtimeError.message}`)
    }
  }
}

/** Every script the page fetches before anyone touches it, as brotli bytes on the wire. */
async function javaScriptBrotli(bench: PageBench, path: string): Promise<number> {
  const page = await bench.browser.newPage({ viewport: bench.viewport })
  let total = 0
  const pending: Promise<void>[] = []
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') {
      pending.push(
        response.body().then((body) => {
          total += brotli(body)
        }),
      )
    }
  })
  await page.goto(`${bench.baseUrl}${path}`, { waitUntil: 'networkidle' })
  await Promise.all(pending)
  await page.close()
  return total
}

/** One page's figures: its sizes, and the medians of `runs` Lighthouse runs, its twin's beside. */
export async function measurePage(
  bench: PageBench,
  { path, label, kind, file }: Target,
): Promise<Row> {
  const html = readFileSync(file)
  const scores: (Pick<
    Row,
    'performance' | 'accessibility' | 'bestPractices' | 'seo' | 'lcpMs' | 'fcpMs' | 'tbtMs' | 'cls'
  > & { breakdown?: LcpBreakdown })[] = []
  const twinRuns: { lcpMs: number; fcpMs: number; tbtMs: number; performance: number }[] = []
  const hasTwin = kind !== 'unlisted'
  for (let run = 0; run < bench.runs; run++) {
    const result = await audit(bench, `${bench.baseUrl}${path}`)
    const { categories, audits } = result.lhr
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100)
    const metric = (id: string) => audits[id]?.numericValue ?? Number.NaN
    // Page and twin alternate, so a busy moment on the machine falls on both alike.
    if (hasTwin) {
      const twin = (await audit(bench, `${bench.baseUrl}${twinPath(path)}`)).lhr
      const twinMetric = (id: string) => Math.round(twin.audits[id]?.numericValue ?? Number.NaN)
      twinRuns.push({
        lcpMs: twinMetric('largest-contentful-paint'),
        fcpMs: twinMetric('first-contentful-paint'),
        tbtMs: twinMetric('total-blocking-time'),
        performance: Math.round((twin.categories.performance?.score ?? 0) * 100),
      })
    }
    scores.push({
      breakdown: lcpBreakdown(result.lhr),
      fcpMs: Math.round(metric('first-contentful-paint')),
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcpMs: Math.round(metric('largest-contentful-paint')),
      tbtMs: Math.round(metric('total-blocking-time')),
      cls: Math.round(metric('cumulative-layout-shift') * 1000) / 1000,
    })
  }
  const pick = (key: Exclude<keyof (typeof scores)[number], 'breakdown'>) =>
    median(scores.map((s) => s[key]))
  const lcpMs = pick('lcpMs')
  const fcpMs = pick('fcpMs')
  const twinMedian = (key: keyof (typeof twinRuns)[number]) => median(twinRuns.map((t) => t[key]))
  const twinLcp = twinMedian('lcpMs')
  const twinFcp = twinMedian('fcpMs')
  const row: Omit<Row, 'misses'> = {
    path,
    label,
    kind,
    htmlBytes: html.length,
    htmlBrotli: brotli(html),
    jsBrotli: await javaScriptBrotli(bench, path),
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    seo: pick('seo'),
    lcpMs,
    fcpMs,
    tbtMs: pick('tbtMs'),
    cls: pick('cls'),
    twin: hasTwin
      ? {
          lcpMs: twinLcp,
          fcpMs: twinFcp,
          lcpRatio: ratio(lcpMs, twinLcp),
          fcpRatio: ratio(fcpMs, twinFcp),
          tbtMs: twinMedian('tbtMs'),
          performance: twinMedian('performance'),
        }
      : undefined,
    lcpBreakdown: scores.find((s) => s.lcpMs === lcpMs)?.breakdown,
  }
  return { ...row, misses: misses(row) }
}
