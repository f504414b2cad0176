import { describe, expect, it } from 'vitest'
import { scriptsAfterPaintHtml } from '#shared/scripts-after-paint.ts'
import { withScriptsAfterPaint } from './scripts-after-paint-plugin.ts'

const vikeEntry = (path: string) => `<script src="${path}" type="module" async></script>`

describe("a prerendered page's module script", () => {
  it('becomes the start after the first paint, naming the same module', () => {
    const page = `<body><main>Hi</main>${vikeEntry('/assets/entries/pages_client.B0H.js')}</body>`
    expect(withScriptsAfterPaint(page, 'index.html')).toBe(
      `<body><main>Hi</main>${scriptsAfterPaintHtml('/assets/entries/pages_client.B0H.js')}</body>`,
    )
  })

  it("fails the build when Vike's output is not the one script it expects", () => {
    expect(() => withScriptsAfterPaint('<body></body>', 'faq/index.html')).toThrow(
      'faq/index.html: expected one Vike entry script, found 0',
    )
    const twice = vikeEntry('/assets/entries/a.js') + vikeEntry('/assets/entries/b.js')
    expect(() => withScriptsAfterPaint(twice, '404.html')).toThrow(/found 2/)
  })
})
