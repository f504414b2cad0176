import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  ENTRY_ATTRIBUTE,
  scriptsAfterPaintElement,
  scriptsAfterPaintHashSource,
  scriptsAfterPaintText,
} from './scripts-after-paint.ts'

type PaintCallback = (
  list: { getEntriesByName(name: string): unknown[] },
  observer: { disconnect(): void },
) => void

/** Runs the inline text against a stand-in page and reports what it appended, and when. */
function runStart({ paintTiming }: { paintTiming: boolean }) {
  const appended: { type: string; src: string }[] = []
  let onPaint: PaintCallback | undefined
  let onLoaded: (() => void) | undefined
  let disconnected = false
  class FakeObserver {
    static supportedEntryTypes = paintTiming ? ['paint', 'largest-contentful-paint'] : ['mark']
    constructor(callback: PaintCallback) {
      onPaint = callback
    }
    observe(options: { type: string; buffered: boolean }) {
      expect(options).toEqual({ type: 'paint', buffered: true })
    }
  }
  const document = {
    currentScript: {
      getAttribute: (name: string) =>
        name === ENTRY_ATTRIBUTE ? '/assets/entries/pages_client.abc.js' : null,
    },
    createElement: () => ({ type: '', src: '' }),
    head: { append: (element: { type: string; src: string }) => appended.push(element) },
  }
  const window = { PerformanceObserver: FakeObserver }
  const addEventListener = (name: string, listener: () => void) => {
    expect(name).toBe('DOMContentLoaded')
    onLoaded = listener
  }
  new Function(
    'window',
    'document',
    'PerformanceObserver',
    'addEventListener',
    scriptsAfterPaintText,
  )(window, document, FakeObserver, addEventListener)
  const paint = (...names: string[]) =>
    onPaint?.(
      { getEntriesByName: (name) => names.filter((entry) => entry === name) },
      {
        disconnect: () => {
          disconnected = true
        },
      },
    )
  return { appended, paint, loaded: () => onLoaded?.(), disconnected: () => disconnected }
}

describe('scripts after the first paint', () => {
  it("fetch the page's module only once its first contentful paint is reported", () => {
    const page = runStart({ paintTiming: true })
    expect(page.appended).toEqual([])
    page.paint('first-paint')
    expect(page.appended).toEqual([])
    page.paint('first-contentful-paint')
    expect(page.appended).toEqual([{ type: 'module', src: '/assets/entries/pages_client.abc.js' }])
    expect(page.disconnected()).toBe(true)
  })

  it('start at DOMContentLoaded in a browser without Paint Timing', () => {
    const page = runStart({ paintTiming: false })
    expect(page.appended).toEqual([])
    page.loaded()
    expect(page.appended).toEqual([{ type: 'module', src: '/assets/entries/pages_client.abc.js' }])
  })

  it("are admitted by the CSP through their text's SHA-256", () => {
    const digest = createHash('sha256').update(scriptsAfterPaintText).digest('base64')
    expect(scriptsAfterPaintHashSource).toBe(`'sha256-${digest}'`)
  })

  it('carry the module path in an attribute, so every page has the same text', () => {
    expect(scriptsAfterPaintElement('/assets/entries/pages_contact_client.X-1_y.js')).toBe(
      `<script data-entry="/assets/entries/pages_contact_client.X-1_y.js">${scriptsAfterPaintText}</script>`,
    )
    expect(() => scriptsAfterPaintElement('/x.js" onload="alert(1)')).toThrow(/Not a built module/)
    expect(() => scriptsAfterPaintElement('https://elsewhere.example/x.js')).toThrow()
  })
})
