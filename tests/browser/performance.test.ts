import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, inject, it } from 'vitest'
import { brotli, budgetPaths as paths } from './built-site.ts'
import { layoutShift, pauseClock, sharedChromium, url, viewports } from './chromium.ts'
import { waitForShell } from './page-start.ts'

/**
 * The performance budgets that do not depend on the machine: bytes, requests and layout shifts (the
 * timings are `npm run bench`'s job). Every route, the 404 and the unlisted contact pages.
 */

const distDir = inject('distDir')

const browser = await sharedChromium()

describe('loading a page: little JavaScript, no fonts, nothing moves (the cookie banner included)', () => {
  for (const viewport of Object.values(viewports)) {
    for (const path of paths) {
      it(`${path} at ${viewport.width} px`, async () => {
        const context = await browser.newContext({ viewport })
        const page = await context.newPage()
        const scripts: string[] = []
        const fonts: string[] = []
        page.on('request', (request) => {
          const type = request.resourceType()
          if (type === 'script') scripts.push(new URL(request.url()).pathname)
          if (type === 'font') fonts.push(request.url())
        })
        // The banner's 1.5 s delay runs on the fake clock, paused from the first script on, so the
        // banner appears when the test says and not whenever a busy machine gets there.
        await pauseClock(page)
        await page.goto(url(path), { waitUntil: 'load' })
        await waitForShell(page)
        await page.waitForLoadState('networkidle')
        await page.clock.runFor(1500)
        await page.waitForFunction(() => {
          const banner = document.querySelector<HTMLElement>('[data-cookie-banner]')
          return banner && !banner.hidden && getComputedStyle(banner).opacity === '1'
        })

        const javaScript = scripts
          .map((script) => brotli(readFileSync(join(distDir, script))))
          .reduce((sum, bytes) => sum + bytes, 0)
        expect(javaScript).toBeLessThanOrEqual(15 * 1024)
        // System fonts: nothing to download, nothing to swap in later.
        expect(fonts).toEqual([])
        await expect(page.evaluate(() => document.fonts.size)).resolves.toBe(0)
        await expect(layoutShift(page)).resolves.toBe(0)
        await context.close()
      })
    }
  }
})

describe('the layout-shift measure', () => {
  it('sees a shift when content is pushed down after the first frames', async () => {
    const context = await browser.newContext({ viewport: viewports.desktop })
    const page = await context.newPage()
    await page.goto(url('/services'), { waitUntil: 'load' })
    await waitForShell(page)
    await expect(layoutShift(page)).resolves.toBe(0)
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    )
    await page.evaluate(() => {
      const notice = document.createElement('p')
      notice.textContent = 'A late notice'
      notice.style.height = '40px'
      document.querySelector('main')?.prepend(notice)
    })
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    )
    await expect(layoutShift(page)).resolves.toBeGreaterThan(0)
    await context.close()
  })
})
