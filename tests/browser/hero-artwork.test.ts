import { createHash } from 'node:crypto'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { launchChromium, openPage, url, viewports } from './chromium.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(() => browser?.close())

/** One page of each family, and the artwork a visitor should see at the top of it. */
const families = [
  ['/', 'home'],
  ['/about', 'about'],
  ['/values', 'about'],
  ['/services', 'services'],
  ['/services/seo', 'seo'],
  ['/services/ppc', 'ppc'],
  ['/services/social-media', 'social-media'],
  ['/services/email-marketing', 'email-marketing'],
  ['/services/website-development', 'website-development'],
  ['/terms', 'legal'],
  ['/privacy-policy', 'legal'],
  ['/contact', 'contact'],
] as const

it('every page family shows its own self-hosted hero artwork, sized before it loads', {
  timeout: 120_000,
}, async () => {
  const digestByFamily = new Map<string, string>()
  for (const [path, family] of families) {
    for (const viewport of [viewports.phone, viewports.desktop]) {
      const { page, requests, close } = await openPage(browser, path, viewport)
      const hero = page.locator('main section[aria-label] img').first()
      await expect(hero.getAttribute('width')).resolves.toMatch(/^\d+$/)
      await expect(hero.getAttribute('height')).resolves.toMatch(/^\d+$/)
      await hero.evaluate((img) => (img as HTMLImageElement).decode())
      const shown = await hero.evaluate((img) => ({
        src: (img as HTMLImageElement).currentSrc,
        width: (img as HTMLImageElement).naturalWidth,
        box: img.getBoundingClientRect().height,
      }))
      expect(shown.width, `${path} at ${viewport.width} px`).toBeGreaterThan(0)
      expect(shown.box).toBeGreaterThan(200)
      const { origin, pathname } = new URL(shown.src)
      expect(origin).toBe(new URL(url('/')).origin)
      expect(pathname).toMatch(new RegExp(`^/images/hero-${family}-\\d+\\.(avif|webp|jpg)$`))
      expect(requests.every((request) => new URL(request).origin === origin)).toBe(true)
      await close()
    }
    // The families' pictures differ, not only their names.
    const body = Buffer.from(
      await (await fetch(url(`/images/hero-${family}-960.jpg`))).arrayBuffer(),
    )
    digestByFamily.set(family, createHash('sha256').update(body).digest('hex'))
  }
  expect(new Set(digestByFamily.values()).size).toBe(digestByFamily.size)
})
