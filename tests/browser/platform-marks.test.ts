import { siFacebook, siInstagram, siTiktok, siX, siYoutube } from 'simple-icons'
import { describe, expect, it } from 'vitest'
import { openPage, sharedChromium, url } from './chromium.ts'

const browser = await sharedChromium()

const marked = [
  { platform: 'Facebook', name: 'Facebook logo', path: siFacebook.path },
  { platform: 'Instagram', name: 'Instagram logo', path: siInstagram.path },
  { platform: 'Twitter', name: 'X (formerly Twitter) logo', path: siX.path },
  { platform: 'TikTok', name: 'TikTok logo', path: siTiktok.path },
  { platform: 'YouTube', name: 'YouTube logo', path: siYoutube.path },
]

describe('the social media page shows each platform by its own mark', () => {
  it('draws the real marks, each in one colour and named, and a text badge for LinkedIn', async () => {
    const { page, requests, close } = await openPage(browser, '/services/social-media')
    try {
      const section = page.locator('#platforms')
      for (const { platform, name, path } of marked) {
        const card = section.locator('li', { has: page.getByRole('heading', { name: platform }) })
        const mark = card.getByRole('img', { name, exact: true })
        await expect(mark.count()).resolves.toBe(1)
        // The brand's own outline, not a generic pictogram standing in for it.
        await expect(mark.locator('path').getAttribute('d')).resolves.toBe(path)
        const colours = await mark.evaluate((svg) => {
          const fills = [svg, ...svg.querySelectorAll('*')].map((el) => getComputedStyle(el).fill)
          return [...new Set(fills)]
        })
        expect(colours, platform).toHaveLength(1)
      }
      const linkedIn = section.locator('li', {
        has: page.getByRole('heading', { name: 'LinkedIn' }),
      })
      // No imitation logo: the platform is named in words.
      await expect(linkedIn.locator('svg').count()).resolves.toBe(0)
      await expect(linkedIn.locator('[data-brand-badge]').textContent()).resolves.toBe('LinkedIn')
      // Marks are part of the page: nothing is fetched from another origin for them.
      const origin = new URL(url('/')).origin
      expect(requests.filter((request) => !request.startsWith(origin))).toEqual([])
    } finally {
      await close()
    }
  })
})
