import { describe, expect, it } from 'vitest'
import { afterFirstPaintLoaderText } from '../../shared/after-first-paint.ts'
import { loadScriptsAfterFirstPaint } from './load-after-first-paint.ts'

const page = (head: string) =>
  `<!DOCTYPE html><html><head>${head}</head><body><p>Hi</p></body></html>`
const vikeEntry =
  '<script src="/assets/entries/pages_client.B0HQZwOm.js" type="module" async></script>'

describe('loadScriptsAfterFirstPaint', () => {
  it("puts the loader where Vike's entry script was, with the script's address", () => {
    expect(loadScriptsAfterFirstPaint(page(`<title>T</title>${vikeEntry}`))).toBe(
      page(
        `<title>T</title><script data-src="/assets/entries/pages_client.B0HQZwOm.js">${afterFirstPaintLoaderText}</script>`,
      ),
    )
  })

  it('fails the build when a page has no entry script, or more than one', () => {
    expect(() => loadScriptsAfterFirstPaint(page(''), 'about/index.html')).toThrow(
      'Expected one Vike entry <script> in about/index.html, found 0',
    )
    expect(() => loadScriptsAfterFirstPaint(page(vikeEntry + vikeEntry))).toThrow('found 2')
  })
})
