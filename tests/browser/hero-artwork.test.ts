import { expect, it } from 'vitest'
import { openPage, sharedChromium, url, viewports } from './chromium.ts'

const browser = await sharedChromium()

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

it('every page family shows its own artwork across the hero, in the page itself', {
  timeout: 120_000,
}, async () => {
  const sceneByFamily = new Map<string, string>()
  for (const [path, family] of families) {
    // It arrives with the HTML: nothing to fetch, so it paints with the heading.
    const html = await (await fetch(url(path))).text()
    expect(html, path).toMatch(new RegExp(`data-artwork="${family}"[^>]*><svg aria-hidden="true"`))
    for (const viewport of [viewports.phone, viewports.desktop]) {
      const { page, requests, close } = await openPage(browser, path, viewport)
      const hero = page.locator('main section[aria-label]').first()
      const artwork = hero.locator('[data-artwork] > svg')
      await expect(artwork.count()).resolves.toBe(1)
      await expect(hero.locator('[data-artwork]').getAttribute('data-artwork')).resolves.toBe(
        family,
      )
      // The scene covers the whole hero at every width, as a photo with object-fit: cover would.
      const [heroBox, artBox] = await Promise.all([hero.boundingBox(), artwork.boundingBox()])
      expect(artBox, `${path} at ${viewport.width} px`).toEqual(heroBox)
      expect(heroBox?.height).toBeGreaterThan(200)
      const origin = new URL(url('/')).origin
      expect(requests.filter((request) => new URL(request).origin !== origin)).toEqual([])
      expect(requests.filter((request) => request.includes('/images/hero'))).toEqual([])
      sceneByFamily.set(family, await artwork.innerHTML())
      await close()
    }
  }
  // Ten families, ten different scenes.
  expect(new Set(sceneByFamily.values()).size).toBe(sceneByFamily.size)
  expect(sceneByFamily.size).toBe(10)
})
