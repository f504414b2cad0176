import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { routes } from '#shared/routes.ts'
import { openPage, sharedChromium } from './chromium.ts'

const browser = await sharedChromium()

interface FocusReading {
  readonly element: string
  readonly width: number
  readonly contrast: number
}

/**
 * What the focused element's indicator looks like, read from computed styles: its outline's
 * thickness and the lowest contrast between the outline colour and what it touches (the
 * backdrop around the element, and the element's own fill when the outline hugs it). Runs in the
 * page, so it is written without closures over test code.
 */
function readFocus(page: Page): Promise<FocusReading | null> {
  return page.evaluate(() => {
    const element = document.activeElement
    if (!element || element === document.body) return null
    type Rgba = [number, number, number, number]
    const parse = (value: string): Rgba => {
      const parts = value.match(/[\d.]+/g)?.map(Number) ?? [0, 0, 0, 0]
      return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1]
    }
    const over = (top: Rgba, bottom: Rgba): Rgba => {
      const a = top[3]
      return [
        top[0] * a + bottom[0] * (1 - a),
        top[1] * a + bottom[1] * (1 - a),
        top[2] * a + bottom[2] * (1 - a),
        1,
      ]
    }
    /** The opaque colour an element's box paints, compositing translucent layers down the tree. */
    const backdrop = (from: Element | null): Rgba => {
      const layers: Rgba[] = []
      for (let node = from; node; node = node.parentElement) {
        const colour = parse(getComputedStyle(node).backgroundColor)
        if (colour[3] > 0) layers.push(colour)
        if (colour[3] >= 1) break
      }
      return layers.reduceRight<Rgba>((below, layer) => over(layer, below), [255, 255, 255, 1])
    }
    const luminance = ([r, g, b]: Rgba) => {
      const channel = (c: number) => {
        const s = c / 255
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
      }
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
    }
    const contrast = (a: Rgba, b: Rgba) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
      return (hi + 0.05) / (lo + 0.05)
    }
    const style = getComputedStyle(element)
    const width = style.outlineStyle === 'none' ? 0 : Number.parseFloat(style.outlineWidth)
    const around = backdrop(element.parentElement)
    const ring = over(parse(style.outlineColor), around)
    const touching = [around]
    // An outline drawn on the element's edge (no gap) also borders its own fill.
    if (Number.parseFloat(style.outlineOffset) <= 0) touching.push(backdrop(element))
    const name =
      `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}"` +
      (element.id ? `#${element.id}` : '')
    return {
      element: name,
      width,
      contrast: Math.min(...touching.map((colour) => contrast(ring, colour))),
    }
  })
}

/** Tabs through the whole page, reading each element's indicator, until focus leaves the page. */
async function tabThrough(page: Page): Promise<FocusReading[]> {
  const readings: FocusReading[] = []
  const seen = new Set<string>()
  for (let i = 0; i < 200; i++) {
    await page.keyboard.press('Tab')
    const reading = await readFocus(page)
    if (!reading) break
    const key = `${reading.element}@${await page.evaluate(() => {
      const rect = document.activeElement?.getBoundingClientRect()
      return rect ? `${rect.x},${rect.y + window.scrollY}` : ''
    })}`
    if (seen.has(key)) break
    seen.add(key)
    readings.push(reading)
  }
  return readings
}

describe('keyboard focus is easy to see', () => {
  for (const { path } of routes) {
    it(`${path}: every element reached with Tab shows a ring of 2 px or more at 3:1 or more`, async () => {
      const { page, close } = await openPage(browser, path)
      const readings = await tabThrough(page)
      expect(readings.length).toBeGreaterThan(5)
      const weak = readings.filter((reading) => reading.width < 2 || reading.contrast < 3)
      expect(weak.map((r) => `${r.element}: ${r.width}px at ${r.contrast.toFixed(2)}:1`)).toEqual(
        [],
      )
      await close()
    })
  }
})

describe('form controls are easy to find', () => {
  it('the contact form’s inputs and message box have borders at 3:1 or more against the form', async () => {
    const { page, close } = await openPage(browser, '/contact')
    const fields = page.locator('main form').locator('input:not([type=hidden]), textarea')
    const readings = await fields.evaluateAll((elements) =>
      elements
        // The honeypot is out of sight and out of reach on purpose: not a control a visitor meets.
        .filter((element) => !element.closest('[aria-hidden=true]'))
        .map((element) => {
          const parse = (value: string) => value.match(/[\d.]+/g)?.map(Number) ?? [0, 0, 0]
          const luminance = (colour: number[]) => {
            const channel = (c: number) => {
              const s = c / 255
              return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
            }
            return (
              0.2126 * channel(colour[0] ?? 0) +
              0.7152 * channel(colour[1] ?? 0) +
              0.0722 * channel(colour[2] ?? 0)
            )
          }
          let node: Element | null = element.parentElement
          let background = 'rgb(255, 255, 255)'
          for (; node; node = node.parentElement) {
            const colour = getComputedStyle(node).backgroundColor
            if ((parse(colour)[3] ?? 1) > 0) {
              background = colour
              break
            }
          }
          const border = getComputedStyle(element).borderTopColor
          const [hi, lo] = [luminance(parse(border)), luminance(parse(background))].sort(
            (x, y) => y - x,
          ) as [number, number]
          return { name: element.getAttribute('name'), contrast: (hi + 0.05) / (lo + 0.05) }
        }),
    )
    expect(readings.length).toBeGreaterThanOrEqual(3)
    for (const reading of readings) expect(reading.contrast, reading.name ?? '').toBeGreaterThan(3)
    await close()
  })
})
