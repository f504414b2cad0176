import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { routes, unlistedPages } from '#shared/routes.ts'
import { openPage, sharedChromium } from './chromium.ts'

const browser = await sharedChromium()

interface Cta {
  readonly label: string
  readonly width: number
  /** The width of the content box of the block the button sits in. */
  readonly column: number
  /** The width its label alone needs. */
  readonly labelWidth: number
}

/** Every button-styled link in the page's main content, with the width it could fill. */
function callsToAction(page: Page): Promise<Cta[]> {
  return page.locator('main a.chakra-button').evaluateAll((links) =>
    links.map((link) => {
      const parent = link.parentElement as HTMLElement
      const style = getComputedStyle(parent)
      const column =
        parent.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
      const width = link.getBoundingClientRect().width
      const inline = link.style.width
      link.style.width = 'max-content'
      const labelWidth = link.getBoundingClientRect().width
      link.style.width = inline
      return { label: link.textContent ?? '', width, column, labelWidth: labelWidth }
    }),
  )
}

const pages = [...routes, ...unlistedPages, { path: '/404.html', name: 'Not found' }]

describe('calls to action follow one width rule', () => {
  it.each(pages.map((page) => page.path))(
    '%s: full width of their column at 390 px, as wide as their label at 1366 px',
    async (path) => {
      const phone = await openPage(browser, path, { width: 390, height: 844 })
      const onPhone = await callsToAction(phone.page)
      await phone.close()
      for (const cta of onPhone) {
        expect(Math.abs(cta.width - cta.column), JSON.stringify(cta)).toBeLessThan(1)
      }
      const desktop = await openPage(browser, path, { width: 1366, height: 900 })
      const onDesktop = await callsToAction(desktop.page)
      await desktop.close()
      expect(onDesktop.map((cta) => cta.label)).toEqual(onPhone.map((cta) => cta.label))
      for (const cta of onDesktop) {
        expect(Math.abs(cta.width - cta.labelWidth), JSON.stringify(cta)).toBeLessThan(1)
        expect(cta.width, JSON.stringify(cta)).toBeLessThan(cta.column)
      }
    },
  )

  it('the home page and the service pages all have calls to action to check', async () => {
    for (const path of ['/', '/services/seo', '/services/website-development']) {
      const { page, close } = await openPage(browser, path, { width: 390, height: 844 })
      await expect(callsToAction(page)).resolves.not.toEqual([])
      await close()
    }
  })
})
