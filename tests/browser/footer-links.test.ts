import { describe, expect, it } from 'vitest'
import { openPage, sharedChromium, viewports } from './chromium.ts'

const browser = await sharedChromium()

interface FooterText {
  readonly text: string
  readonly isLink: boolean
  /** Underlined at rest, on the element or an ancestor in the footer: what marks a link here. */
  readonly underlined: boolean
  /** The pointer a link shows on hover. */
  readonly pointer: boolean
}

describe('the footer', () => {
  it.each([
    ['phone', viewports.phone],
    ['desktop', viewports.desktop],
  ] as const)(
    'on a %s, what looks like a link is a link, and nothing else does',
    async (_, viewport) => {
      const { page, close } = await openPage(browser, '/services', viewport)
      try {
        const items = await page.locator('footer').evaluate((footer): FooterText[] => {
          const visibleText = [...footer.querySelectorAll<HTMLElement>('*')].filter(
            (element) =>
              element.checkVisibility() &&
              [...element.childNodes].some(
                (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
              ),
          )
          const underlined = (element: HTMLElement) => {
            for (let at: HTMLElement | null = element; at && at !== footer; at = at.parentElement) {
              if (getComputedStyle(at).textDecorationLine.includes('underline')) return true
            }
            return false
          }
          return visibleText.map((element) => ({
            text: element.textContent?.trim() ?? '',
            isLink: element.closest('a[href], button') !== null,
            underlined: underlined(element),
            pointer: getComputedStyle(element).cursor === 'pointer',
          }))
        })
        const links = items.filter((item) => item.isLink).map((item) => item.text)
        expect(links).toEqual(
          expect.arrayContaining(['SEO', 'Website Development', 'Privacy Policy', 'Terms']),
        )
        const analytics = items.find((item) => item.text === 'Analytics & Reporting')
        expect(analytics).toMatchObject({ isLink: false, underlined: false, pointer: false })
        // Colour alone does not tell a link from text: links are underlined, nothing else is.
        const mismatched = items.filter(
          (item) => item.isLink !== item.underlined || item.isLink !== item.pointer,
        )
        expect(mismatched).toEqual([])
      } finally {
        await close()
      }
    },
  )

  it.each([320, 390, 1366])(
    'at %i px, no footer link breaks its label over two lines',
    async (width) => {
      const { page, close } = await openPage(browser, '/', { width, height: 900 })
      try {
        const broken = await page
          .locator('footer a[href], footer [data-cookie-settings]')
          .evaluateAll((links) =>
            links.flatMap((link) => {
              const range = document.createRange()
              range.selectNodeContents(link)
              const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)))
              return lines.size > 1 ? [link.textContent] : []
            }),
          )
        expect(broken).toEqual([])
      } finally {
        await close()
      }
    },
  )
})
