import AxeBuilder from '@axe-core/playwright'
import { type Browser, chromium, type Page } from 'playwright-core'
import { expect, inject } from 'vitest'
import { chromiumPath, headlessFlags } from './chromium-binary.ts'
import { waitForShell } from './page-start.ts'

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: [...headlessFlags] })
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

/** WCAG 2.2 AA, the level the site commits to, checked once the page is at rest. */
export async function expectNoAxeViolations(page: Page) {
  await settleAnimations(page)
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze()
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  )
  expect(summary).toEqual([])
}

/** Scrolls the window and waits for the shell's rAF-throttled scroll handler to run. */
export async function scrollTo(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y)
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  )
}
