import { describe, expect, it } from 'vitest'
import { routes } from '#shared/routes.ts'
import { openPage, sharedChromium } from './chromium.ts'

const browser = await sharedChromium()

describe('each page opens with its one h1', () => {
  for (const path of [...routes.map((route) => route.path), '/no-such-page']) {
    it(`${path}: the first heading a screen reader lists is the only h1`, async () => {
      const { page, close } = await openPage(browser, path)
      const levels = await page.evaluate(() =>
        [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')]
          // The cookie banner is a notice about the site, not part of the page's outline.
          .filter((heading) => !heading.closest('[data-cookie-banner]'))
          .map((heading) => heading.tagName.toLowerCase()),
      )
      expect(levels[0]).toBe('h1')
      expect(levels.filter((level) => level === 'h1')).toHaveLength(1)
      await close()
    })
  }
})
