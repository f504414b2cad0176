import { describe, expect, it } from 'vitest'
import { openPage, sharedChromium } from './chromium.ts'

const browser = await sharedChromium()

const widths = [320, 390, 768, 1366]

describe("About's 'Premium Quality' badge", () => {
  it.each(widths)('leaves the picture uncovered and stays on screen at %i px', async (width) => {
    const { page, close } = await openPage(browser, '/about', { width, height: 900 })
    try {
      const picture = page.locator('section[aria-labelledby="story-heading"] [role="img"]')
      const badge = page.locator('[data-image-badge]')
      await badge.scrollIntoViewIfNeeded()
      const [image, mark] = await Promise.all([picture.first().boundingBox(), badge.boundingBox()])
      if (!image || !mark) throw new Error('the picture and its badge are both shown')
      expect(image.width).toBeGreaterThan(0)
      // The artwork's content area is the whole rendered image (its chart spans it).
      const overlapX =
        Math.min(image.x + image.width, mark.x + mark.width) - Math.max(image.x, mark.x)
      const overlapY =
        Math.min(image.y + image.height, mark.y + mark.height) - Math.max(image.y, mark.y)
      expect(overlapX <= 0 || overlapY <= 0, JSON.stringify({ image, mark })).toBe(true)
      // And the badge is still read whole, not pushed off the side of a phone.
      expect(mark.x).toBeGreaterThanOrEqual(0)
      expect(mark.x + mark.width).toBeLessThanOrEqual(width)
      await expect(badge.textContent()).resolves.toContain('Premium Quality')
    } finally {
      await close()
    }
  })
})
