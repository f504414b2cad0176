import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { routes } from '#shared/routes.ts'
import { sharedChromium, url } from './chromium.ts'
import { waitForShell } from './page-start.ts'

/**
 * Text over the heroes' artwork is readable at every point of its background, at every width
 * from 320 to 1920 px: 4.5:1 for body-size text, 3:1 for large text (WCAG 1.4.3). Axe reads one
 * background colour per element and skips text over images, so this measures the pixels: each
 * text's line boxes are shot with the text made transparent, and its colour is compared with the
 * lightest (or darkest) pixel found behind it.
 */

const widths = [320, 360, 390, 414, 480, 600, 768, 1024, 1280, 1366, 1600, 1920]
/** Tall enough for every hero's text, the home page's full-screen one at 320 px included. */
const viewportHeight = 1000

const browser = await sharedChromium()

interface TextRun {
  readonly text: string
  readonly color: [number, number, number]
  readonly large: boolean
  readonly boxes: { x: number; y: number; width: number; height: number }[]
}

/** Every run of text in the hero, with its colour, its size class and its line boxes. */
function heroText(page: Page): Promise<TextRun[]> {
  return page.evaluate(() => {
    const hero = document.querySelector('main section[aria-label]')
    if (!hero) throw new Error('no hero')
    const runs: TextRun[] = []
    const walker = document.createTreeWalker(hero, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement
      if (!element || !node.textContent?.trim() || element.closest('[data-artwork]')) continue
      const style = getComputedStyle(element)
      const size = Number.parseFloat(style.fontSize)
      const bold = Number(style.fontWeight) >= 700
      const rgb = style.color.match(/[\d.]+/g)?.map(Number) ?? []
      const range = document.createRange()
      range.selectNodeContents(node)
      runs.push({
        text: node.textContent.trim().slice(0, 40),
        color: [rgb[0] ?? 0, rgb[1] ?? 0, rgb[2] ?? 0],
        large: size >= 24 || (bold && size >= 18.66),
        boxes: [...range.getClientRects()].map(({ x, y, width, height }) => ({
          x,
          y,
          width,
          height,
        })),
      })
    }
    return runs
  })
}

const channel = (value: number) => {
  const c = value / 255
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
}
const luminance = (r: number, g: number, b: number) =>
  0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)

interface Shot {
  readonly data: Buffer
  readonly width: number
  readonly height: number
}

/** The viewport as pixels (a clipped shot may resize the viewport, which moves a 100svh hero). */
async function shoot(page: Page): Promise<Shot> {
  const png = await page.screenshot({ animations: 'disabled' })
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height }
}

/** The lowest contrast between the run's colour and any pixel behind it. */
function worstContrast(shot: Shot, run: TextRun): number {
  const text = luminance(...run.color)
  let worst = Number.POSITIVE_INFINITY
  for (const box of run.boxes) {
    const top = Math.max(0, Math.floor(box.y))
    const bottom = Math.min(shot.height, Math.ceil(box.y + box.height))
    const left = Math.max(0, Math.floor(box.x))
    const right = Math.min(shot.width, Math.ceil(box.x + box.width))
    for (let y = top; y < bottom; y++) {
      for (let x = left; x < right; x++) {
        const i = (y * shot.width + x) * 3
        const { data } = shot
        const ratio = contrast(text, luminance(data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0))
        if (ratio < worst) worst = ratio
      }
    }
  }
  return worst
}

describe('text over the hero artwork', () => {
  for (const { path } of routes) {
    it(`${path}: at least 4.5:1 (3:1 for large text) at every point, 320-1920 px`, {
      timeout: 120_000,
    }, async () => {
      const context = await browser.newContext({
        viewport: { width: widths[0] ?? 320, height: viewportHeight },
      })
      // The cookie banner, which appears over the page after 1.5 s, is not what is measured.
      await context.addInitScript(() => localStorage.setItem('cookie-consent', 'declined'))
      const page = await context.newPage()
      await page.goto(url(path), { waitUntil: 'load' })
      await waitForShell(page)
      // No transitions, so a colour is never read, or a shot taken, halfway through a change.
      await page.addStyleTag({
        content: `main section[aria-label] * { transition: none !important; }
          [data-text-hidden] main section[aria-label] * { color: transparent !important; }`,
      })
      const failures: string[] = []
      for (const width of widths) {
        await page.setViewportSize({ width, height: viewportHeight })
        const runs = await heroText(page)
        expect(runs.length, `${path} at ${width} px`).toBeGreaterThan(0)
        // The text vanishes from the shot, so only what lies behind it is measured.
        await page.evaluate(() => document.documentElement.setAttribute('data-text-hidden', ''))
        const shot = await shoot(page)
        for (const run of runs) {
          const needed = run.large ? 3 : 4.5
          // Every line of the hero is in the viewport, so every pixel behind it is measured.
          for (const box of run.boxes) {
            expect(box.y + box.height, `${path} at ${width} px`).toBeLessThanOrEqual(viewportHeight)
          }
          const worst = worstContrast(shot, run)
          if (worst < needed) {
            failures.push(`${width} px "${run.text}": ${worst.toFixed(2)}:1 (needs ${needed}:1)`)
          }
        }
        await page.evaluate(() => document.documentElement.removeAttribute('data-text-hidden'))
      }
      expect(failures).toEqual([])
      await context.close()
    })
  }
})
