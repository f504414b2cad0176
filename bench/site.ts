/**
 * `npm run bench`: per built page, the HTML's size, the JavaScript a visit loads before any
 * interaction, and Lighthouse 13's scores and lab metrics (median of N runs), printed as a table
 * and written to bench/results.json so two runs can be compared. No thresholds: it measures.
 *
 *   npm run bench                    mobile preset, 3 runs per page
 *   npm run bench -- --runs 1        quicker
 *   npm run bench -- --desktop       desktop preset
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { parseArgs } from 'node:util'
import { brotliCompressSync, constants } from 'node:zlib'
import lighthouse from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import { chromium } from 'playwright-core'
import { startLocalServer } from '../infra/local/server.ts'
import { chromiumPath, startDebugChromium } from './chromium-debug.ts'

const { values: options } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, desktop: { type: 'boolean', default: false } },
})
const runs = Math.max(1, Number(options.runs))
const root = new URL('../dist/client/', import.meta.url).pathname

const brotli = (data: Buffer | string) =>
  brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length

function pages(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'assets' ? [] : pages(path)
    return entry.name.endsWith('.html') ? [path] : []
  })
}

function urlPath(file: string): string {
  const name = relative(root, file)
  // Lighthouse will not audit a document answered with 404, so it reads the same file directly.
  if (name === '404.html') return '/404.html'
  return `/${name.replace(/(^|\/)index\.html$/, '')}`
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

const server = await startLocalServer({ root, port: 0, analytics: false })
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
})
const debugChromium = await startDebugChromium()

interface Row {
  path: string
  htmlBytes: number
  htmlBrotli: number
  jsBrotli: number
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  lcpMs: number
  tbtMs: number
  cls: number
}

/** One Lighthouse run; a trace that fails to record (it happens on a busy machine) is retried. */
async function audit(url: string, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(
      url,
      { port: debugChromium.port, output: 'json', logLevel: 'error' },
      options.desktop ? desktopConfig : undefined,
    )
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
    if (!result.lhr.runtimeError) return result
    if (attempt === attempts) {
      throw new Error(`Lighthouse could not audit ${url}: ${result.lhr.runtimeError.message}`)
    }
  }
}

/** Every script the page fetches before anyone touches it, as brotli bytes on the wire. */
async function javaScriptBrotli(path: string): Promise<number> {
  const page = await browser.newPage({ viewport: { width: 412, height: 823 } })
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
  await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' })
  await Promise.all(pending)
  await page.close()
  return total
}

const rows: Row[] = []
try {
  for (const file of pages(root).sort()) {
    const path = urlPath(file)
    const html = readFileSync(file)
    const scores: Omit<Row, 'path' | 'htmlBytes' | 'htmlBrotli' | 'jsBrotli'>[] = []
    for (let run = 0; run < runs; run++) {
      const result = await audit(`${server.url}${path}`)
      const { categories, audits } = result.lhr
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100)
      const metric = (id: string) => audits[id]?.numericValue ?? Number.NaN
      scores.push({
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        lcpMs: Math.round(metric('largest-contentful-paint')),
        tbtMs: Math.round(metric('total-blocking-time')),
        cls: Math.round(metric('cumulative-layout-shift') * 1000) / 1000,
      })
    }
    const pick = (key: keyof (typeof scores)[number]) => median(scores.map((s) => s[key]))
    rows.push({
      path,
      htmlBytes: html.length,
      htmlBrotli: brotli(html),
      jsBrotli: await javaScriptBrotli(path),
      performance: pick('performance'),
      accessibility: pick('accessibility'),
      bestPractices: pick('bestPractices'),
      seo: pick('seo'),
      lcpMs: pick('lcpMs'),
      tbtMs: pick('tbtMs'),
      cls: pick('cls'),
    })
    process.stderr.write(`measured ${path}\n`)
  }
} finally {
  await debugChromium.close()
  await browser.close()
  await server.close()
}

const preset = options.desktop ? 'desktop' : 'mobile'
console.log(
  `\nLighthouse ${preset} preset, simulated throttling, median of ${runs} run(s); sizes in bytes\n`,
)
console.table(
  Object.fromEntries(
    rows.map(({ path, ...row }) => [
      path,
      {
        'HTML raw': row.htmlBytes,
        'HTML br': row.htmlBrotli,
        'JS br': row.jsBrotli,
        Perf: row.performance,
        A11y: row.accessibility,
        BP: row.bestPractices,
        SEO: row.seo,
        'LCP ms': row.lcpMs,
        'TBT ms': row.tbtMs,
        CLS: row.cls,
      },
    ]),
  ),
)
const out = new URL('./results.json', import.meta.url).pathname
writeFileSync(
  out,
  `${JSON.stringify({ preset, runs, measuredAt: new Date().toISOString(), rows }, null, 2)}\n`,
)
console.log(`Written to ${out}`)
