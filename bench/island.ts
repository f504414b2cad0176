import { cpus, loadavg } from 'node:os'
import type { Browser } from 'playwright-core'
import { median } from './stats.ts'

/** The contact form island: first focus of a field to the form interactive. */
export const islandTargets = { desktopMs: 300, throttledMs: 1000 }
/** Lighthouse's mobile preset slows the CPU 4x; the island figure is taken at 1x and at that. */
export const MOBILE_CPU_SLOWDOWN = 4
export const islandPath = '/contact'

/** How long one island measurement may take before it counts as a failure, not a hang. */
const ISLAND_TIMEOUT_MS = 30_000

export interface IslandFigures {
  desktopMs: number
  throttledMs: number
  samples: number
  desktopRangeMs: [number, number]
  throttledRangeMs: [number, number]
  /** Samples that never reached an interactive form, with what the page said. */
  failures: string[]
}

export const range = (values: number[]): [number, number] => [
  Math.min(...values),
  Math.max(...values),
]

/**
 * Milliseconds from the first focus of a field to the form being interactive (`data-interactive`,
 * set once the form's code has taken over), at the Lighthouse desktop viewport, with the CPU slowed `slowdown`x.
 * Measured in the page, so the clock is the page's own.
 */
async function islandMs(browser: Browser, baseUrl: string, slowdown: number): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1350, height: 940 } })
  // The cookie choice made, as a returning visitor: the banner is not what is measured.
  await context.addInitScript(() => localStorage.setItem('cookie-consent', 'declined'))
  const page = await context.newPage()
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text())
  })
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown })
  await page.goto(`${baseUrl}${islandPath}`, { waitUntil: 'networkidle' })
  // A page whose window is not the focused one gets no focus events, so the form would never
  // hear the focus that loads it.
  await page.bringToFront()
  const ms = await page
    .evaluate(
      (timeoutMs) =>
        new Promise<number>((resolve, reject) => {
          setTimeout(() => {
            const focused = document.activeElement?.getAttribute('name') ?? 'nothing'
            const island = performance
              .getEntriesByType('resource')
              .filter((entry) => entry.startTime >= start).length
            reject(
              new Error(
                `not interactive within ${timeoutMs} ms (focus on ${focused}, document focused: ${document.hasFocus()}, ${island} files fetched since)`,
              ),
            )
          }, timeoutMs)
          const form = document.querySelector<HTMLFormElement>('#contact-form form')
          const input = form?.querySelector<HTMLInputElement>('[name="firstName"]')
          if (!form || !input) return reject(new Error('no contact form'))
          // Its code must not have arrived already: the wait below would never end.
          if (form.hasAttribute('data-interactive')) {
            return reject(new Error('the form was interactive before any focus'))
          }
          const observer = new MutationObserver(() => {
            if (!form.hasAttribute('data-interactive')) return
            observer.disconnect()
            resolve(performance.now() - start)
          })
          observer.observe(form, { attributes: true, attributeFilter: ['data-interactive'] })
          const start = performance.now()
          input.focus()
        }),
      ISLAND_TIMEOUT_MS,
    )
    .catch((error: unknown) => {
      throw new Error(
        `The island at ${slowdown}x CPU: ${error}; page errors: ${problems.join(' | ') || 'none'}`,
      )
    })
  await context.close()
  return Math.round(ms)
}

/** The island's figure at 1x and 4x CPU, `runs` samples of each, interleaved. */
export async function measureIsland(
  browser: Browser,
  baseUrl: string,
  runs: number,
): Promise<IslandFigures> {
  // Unmeasured: the local server brotli-compresses each file on its first request (CloudFront
  // serves them compressed from its cache), which would otherwise land in the first sample.
  const failures: string[] = []
  // A sample that never becomes interactive is reported, not allowed to stop the pages' figures.
  const sample = async (slowdown: number, into: number[]) => {
    try {
      into.push(await islandMs(browser, baseUrl, slowdown))
    } catch (error) {
      failures.push(error instanceof Error ? error.message : String(error))
    }
  }
  await sample(1, [])
  failures.length = 0
  const desktop: number[] = []
  const throttled: number[] = []
  for (let run = 0; run < runs; run++) {
    await sample(1, desktop)
    await sample(MOBILE_CPU_SLOWDOWN, throttled)
  }
  return {
    failures,
    desktopMs: median(desktop),
    throttledMs: median(throttled),
    samples: runs,
    desktopRangeMs: range(desktop),
    throttledRangeMs: range(throttled),
  }
}

/** The island's figures against its targets, as the bench prints them. */
export function printIsland(island: IslandFigures): void {
  const within = (ms: number, target: number) => (ms <= target ? 'met' : 'missed')
  const spread = ([low, high]: [number, number]) => `runs ${low}–${high} ms`
  console.log(
    `\nContact form island, first focus to interactive (median of ${island.samples}): desktop ${island.desktopMs} ms (${spread(island.desktopRangeMs)}; target ≤ ${islandTargets.desktopMs} ms: ${within(island.desktopMs, islandTargets.desktopMs)}), ${MOBILE_CPU_SLOWDOWN}x CPU ${island.throttledMs} ms (${spread(island.throttledRangeMs)}; target ≤ ${islandTargets.throttledMs} ms: ${within(island.throttledMs, islandTargets.throttledMs)})`,
  )
  console.log(
    `Load average now ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores: compare medians taken under similar load.`,
  )
  for (const failure of island.failures) console.log(`Island sample failed: ${failure}`)
}
