import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  ENTRY_ATTRIBUTE,
  scriptsAfterPaintHashSource,
  scriptsAfterPaintHtml,
  scriptsAfterPaintText,
} from './scripts-after-paint.ts'

const ENTRY = '/assets/entries/pages_client.abc.js'

type PaintCallback = (
  list: { getEntriesByName(name: string): unknown[] },
  observer: { disconnect(): void },
) => void

interface StandIn {
  /** Paint Timing supported (default true). */
  readonly paintTiming?: boolean
  /** The first contentful paint already reported when the script runs. */
  readonly paintedBefore?: boolean
  readonly prerendering?: boolean
}

/** Runs the inline text against a stand-in page and reports what it appended, and when. */
function runStart({ paintTiming = true, paintedBefore = false, prerendering = false }: StandIn) {
  const appended: { type: string; src: string }[] = []
  const listeners = new Map<string, () => void>()
  let onPaint: PaintCallback | undefined
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
    prerendering,
    currentScript: {
      getAttribute: (name: string) => (name === ENTRY_ATTRIBUTE ? ENTRY : null),
    },
    createElement: () => ({ type: '', src: '' }),
    head: { append: (element: { type: string; src: string }) => appended.push(element) },
  }
  const performance = {
    getEntriesByName: (name: string) =>
      paintedBefore && name === 'first-contentful-paint' ? [{ name }] : [],
  }
  const window = { PerformanceObserver: FakeObserver }
  const addEventListener = (type: string, listener: () => void) => listeners.set(type, listener)
  new Function(
    'window',
    'document',
    'performance',
    'PerformanceObserver',
    'addEventListener',
    scriptsAfterPaintText,
  )(window, document, performance, FakeObserver, addEventListener)
  const paint = (...names: string[]) =>
    onPaint?.(
      { getEntriesByName: (name) => names.filter((entry) => entry === name) },
      {
        disconnect: () => {
          disconnected = true
        },
      },
    )
  return {
    appended,
    paint,
    dispatch: (type: string) => listeners.get(type)?.(),
    disconnected: () => disconnected,
  }
}

const theModule = [{ type: 'module', src: ENTRY }]

describe('scripts after the first paint', () => {
  it("fetch the page's module once, when its first contentful paint is reported", () => {
    const page = runStart({})
    expect(page.appended).toEqual([])
    page.paint('first-paint')
    expect(page.appended).toEqual([])
    page.paint('first-contentful-paint')
    expect(page.appended).toEqual(theModule)
    expect(page.disconnected()).toBe(true)
    page.dispatch('pointerdown')
    expect(page.appended).toEqual(theModule)
  })

  it('start at once when the paint was reported before the script ran (a browser that ignores buffered)', () => {
    expect(runStart({ paintedBefore: true }).appended).toEqual(theModule)
  })

  it('start at once in a prerendered page, where nothing drawn is seen until it is shown', () => {
    expect(runStart({ prerendering: true }).appended).toEqual(theModule)
  })

  it("start on the visitor's first press, key or focus, whatever the browser says of paints", () => {
    for (const type of ['pointerdown', 'keydown', 'focusin']) {
      const page = runStart({})
      page.dispatch(type)
      expect(page.appended).toEqual(theModule)
    }
  })

  it('start at DOMContentLoaded in a browser without Paint Timing', () => {
    const page = runStart({ paintTiming: false })
    expect(page.appended).toEqual([])
    page.dispatch('DOMContentLoaded')
    expect(page.appended).toEqual(theModule)
  })

  it("are admitted by the CSP through their text's SHA-256", () => {
    const digest = createHash('sha256').update(scriptsAfterPaintText).digest('base64')
    expect(scriptsAfterPaintHashSource).toBe(`'sha256-${digest}'`)
  })

  it('keep the text that deployed pages carry: a new text keeps the old hash admitted for a release', () => {
    expect(
      scriptsAfterPaintHashSource,
      "The start's text changed. Pages cached at the edge still carry the old one: add its hash to retiredScriptsAfterPaintHashSources for one release, then pin the new hash here (docs/deploy.md, 'Rolling the site back').",
    ).toBe("'sha256-N33HkC4V3Yqf1apl0r1JLQsR3XBNikG1rGbcuV7ef3Q='")
  })

  it('carry the module path in an attribute, so every page has the same text', () => {
    expect(scriptsAfterPaintHtml('/assets/entries/pages_contact_client.X-1_y.js')).toBe(
      `<script data-entry="/assets/entries/pages_contact_client.X-1_y.js">${scriptsAfterPaintText}</script>`,
    )
    expect(() => scriptsAfterPaintHtml('/x.js" onload="alert(1)')).toThrow(/Not a built module/)
    expect(() => scriptsAfterPaintHtml('https://elsewhere.example/x.js')).toThrow()
  })
})
