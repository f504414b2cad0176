import axe from 'axe-core'
import { type Browser, chromium, type Locator, type Page } from 'playwright-core'
import { afterAll, expect, inject } from 'vitest'
import { BANNER_DELAY_MS } from '#frontend/consent/constants.ts'
import { chromiumPath, headlessFlags, headlessShellPath } from './chromium-binary.ts'
import { waitForShell } from './page-start.ts'

/**
 * The run's Chromium (its headless shell), launched once by the global set-up: each call is a
 * connection of its own, and `close()` ends that connection and the contexts it opened, not the
 * browser. Outside the browser project (no set-up), a browser of its own.
 */
export function launchChromium(): Promise<Browser> {
  const endpoint = inject('browserEndpoint')
  if (endpoint) return chromium.connect(endpoint)
  return chromium.launch({ executablePath: headlessShellPath, args: [...headlessFlags] })
}

/**
 * The whole Chromium, not its headless shell, launched for the calling file and closed after its
 * tests: for what only the whole browser does on its own (it asks for /favicon.ico when a page
 * declares no icon; the shell never does, so a check that none is fetched would pass unread).
 */
export async function wholeChromium(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: [...headlessFlags] })
  afterAll(() => browser.close())
  return browser
}

/**
 * The run's Chromium for the calling test file: connected as the file loads, the connection
 * closed after its tests (`const browser = await sharedChromium()` at the top of a file).
 */
export async function sharedChromium(): Promise<Browser> {
  const browser = await launchChromium()
  afterAll(() => browser.close())
  return browser
}

export const viewports = {
  phone: { width: 375, height: 812 },
  desktop: { width: 1280, height: 800 },
} as const

/** The sizes the site is reviewed at as a visitor meets it: a phone and a laptop. */
export const reviewViewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1366, height: 900 },
} as const

/**
 * Puts the page (before it navigates) on Playwright's fake clock, paused: time stands still from
 * the first script on and only `clock.runFor()` moves it. An installed clock moves at once and
 * cannot be paused in the past, and a busy machine can take seconds between the two calls: hence
 * a pause half a minute ahead, which fires nothing because no page has loaded yet.
 */
export async function pauseClock(page: Page): Promise<void> {
  const now = Date.now()
  await page.clock.install({ time: now })
  await page.clock.pauseAt(now + 30_000)
}

export function url(path: string): string {
  return `${inject('baseUrl')}${path}`
}

export async function openPage(
  browser: Browser,
  path: string,
  viewport: { width: number; height: number } = viewports.desktop,
) {
  const context = await browser.newContext({ viewport })
  const page = await context.newPage()
  const requests: string[] = []
  page.on('request', (request) => requests.push(request.url()))
  const response = await page.goto(url(path), { waitUntil: 'load' })
  await waitForShell(page)
  return { page, response, requests, close: () => context.close() }
}

/**
 * A page as a new visitor first meets it (a context of its own: nothing stored): loaded, its
 * shell started, the cookie banner open. The banner's 1.5 s wait runs on the fake clock, which
 * then moves on in real time, as a visitor's does (the page's clock a little ahead of theirs).
 */
export async function openFirstVisit(
  browser: Browser,
  path: string,
  viewport: { width: number; height: number },
) {
  const context = await browser.newContext({ viewport })
  const page = await context.newPage()
  const requests: string[] = []
  page.on('request', (request) => requests.push(request.url()))
  await pauseClock(page)
  const response = await page.goto(url(path), { waitUntil: 'load' })
  await waitForShell(page)
  await page.clock.runFor(BANNER_DELAY_MS)
  await page.clock.resume()
  const banner = page.locator('[data-cookie-banner][data-state="open"]')
  await banner.waitFor()
  return { page, response, requests, banner, close: () => context.close() }
}

/**
 * Waits for every finite CSS animation and transition to end. Axe blends opacity into its
 * contrast figures, so an element caught mid-fade (a toast entering) reads as low contrast.
 */
export async function settleAnimations(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
}

/**
 * Starts noting whether anything on the page begins to move (a CSS transition or animation);
 * the returned function tells whether something did since, or is still moving.
 */
async function watchForMotion(page: Page) {
  await page.evaluate(() => {
    const flagged = window as unknown as { movedDuringCheck?: boolean }
    flagged.movedDuringCheck = false
    const note = () => {
      flagged.movedDuringCheck = true
    }
    for (const type of ['transitionrun', 'animationstart']) {
      document.addEventListener(type, note, { capture: true })
    }
  })
  return () =>
    page.evaluate(
      () =>
        (window as unknown as { movedDuringCheck?: boolean }).movedDuringCheck === true ||
        document
          .getAnimations()
          .some((animation) => animation.effect?.getComputedTiming().endTime !== Infinity),
    )
}

/**
 * WCAG 2.2 AA, the level the site commits to, checked once the page is at rest. Something can
 * start moving while axe reads the page (a first visit's cookie banner slides in 1.5 s after
 * load, later on a busy machine): axe's figures are then of a half-faded element, so the page is
 * read again once it has settled.
 */
export async function expectNoAxeViolations(page: Page) {
  let violations: axe.Result[]
  let reads = 0
  let moved: boolean
  do {
    await settleAnimations(page)
    const movedSince = await watchForMotion(page)
    violations = await runAxe(page)
    moved = await movedSince()
    reads += 1
  } while (moved && reads < 3)
  const summary = violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  )
  expect(summary).toEqual([])
}

/**
 * Expects a click on `link` to record a cta_click labelled `label`: the data attributes the
 * analytics module reads from a link when it is clicked, and nothing else.
 */
export async function expectCtaClick(link: Locator, label: string) {
  const tracking = await link.evaluate((element) => ({ ...(element as HTMLElement).dataset }))
  expect(tracking).toEqual({
    trackOn: 'click',
    trackAction: 'cta_click',
    trackCategory: 'engagement',
    trackLabel: label,
  })
}

/**
 * axe-core's own `axe.run` in the page, its source added once per document. The site has no
 * frames, so `@axe-core/playwright`'s frame-by-frame run (which adds the source again on every
 * call and finishes in a new tab) bought nothing here at three times the cost: 150 ms a page
 * against 510 ms.
 */
async function runAxe(page: Page): Promise<axe.Result[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source)
  return page.evaluate(
    (values) =>
      (window as unknown as { axe: typeof axe }).axe
        .run(document, { runOnly: { type: 'tag', values }, resultTypes: ['violations'] })
        .then((results) => results.violations),
    ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'],
  )
}

/**
 * Sum of the layout shifts the page has recorded so far, input or not (the tests that read it
 * give none). The buffered entries are taken synchronously, so no page timer decides when the
 * answer is complete.
 */
export const layoutShift = (page: Page): Promise<number> =>
  page.evaluate(() => {
    const observer = new PerformanceObserver(() => undefined)
    observer.observe({ type: 'layout-shift', buffered: true })
    const entries = observer.takeRecords() as (PerformanceEntry & { value: number })[]
    observer.disconnect()
    return entries.reduce((sum, entry) => sum + entry.value, 0)
  })

/** Scrolls the window and waits for the shell's rAF-throttled scroll handler to run. */
export async function scrollTo(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y)
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  )
}
