import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { openPage, sharedChromium } from './chromium.ts'

const browser = await sharedChromium()

interface Row {
  readonly cards: number
  /** Where the row's first card starts and its last card ends, against the list's own box. */
  readonly startGap: number
  readonly endGap: number
}

/** The rows of a list of cards, as laid out: cards grouped by their top edge. */
function rowsOf(page: Page, selector: string): Promise<Row[]> {
  return page.locator(selector).evaluate((list) => {
    const box = list.getBoundingClientRect()
    const rows = new Map<number, DOMRect[]>()
    for (const card of list.children) {
      const rect = card.getBoundingClientRect()
      const top = Math.round(rect.top)
      rows.set(top, [...(rows.get(top) ?? []), rect])
    }
    return [...rows.values()].map((cards) => ({
      cards: cards.length,
      startGap: Math.min(...cards.map((card) => card.left)) - box.left,
      endGap: box.right - Math.max(...cards.map((card) => card.right)),
    }))
  })
}

describe("Website development's five feature cards", () => {
  it.each([
    [1366, [3, 2]],
    [768, [2, 2, 1]],
    [390, [1, 1, 1, 1, 1]],
  ])('fill every row, the last one included, at %i px', async (width, shape) => {
    const { page, close } = await openPage(browser, '/services/website-development', {
      width,
      height: 900,
    })
    try {
      const rows = await rowsOf(page, '#features ul')
      expect(rows.map((row) => row.cards)).toEqual(shape)
      for (const row of rows) {
        // No empty slot: the row's cards together reach both edges of the list.
        expect(Math.abs(row.startGap), JSON.stringify(rows)).toBeLessThan(1)
        expect(Math.abs(row.endGap), JSON.stringify(rows)).toBeLessThan(1)
      }
    } finally {
      await close()
    }
  })
})
