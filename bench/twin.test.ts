import { describe, expect, it } from 'vitest'
import { bareTwin, textBlocks } from './twin.ts'

const page = `<!DOCTYPE html><html lang="en-GB"><head><title>About | Elevate Digital</title>
<style>body{color:red}</style><link rel="stylesheet" href="/a.css"><script>alert(1)</script></head>
<body><a href="#main">Skip to content</a><nav><ul><li><a href="/">Home</a></li><li><a href="/about">About</a></li></ul></nav>
<main id="main"><section><picture><img src="/images/story.jpg" alt=""></picture>
<h1>About <span>Elevate</span> Digital</h1><p>We grow <strong>UK</strong> businesses &amp; brands.</p>
<div hidden><p>Only shown after a choice</p></div><svg><title>icon</title><path d="M0 0"/></svg>
<div>Free consultation</div><noscript><p>Turn on JavaScript</p></noscript></section></main>
<footer><p>© 2026 Elevate Digital</p></footer><script type="module" src="/x.js"></script></body></html>`

describe('bareTwin', () => {
  it('keeps every visible run of text, in order, as headings, list items and paragraphs', () => {
    expect(textBlocks(page)).toEqual([
      { tag: 'p', text: 'Skip to content' },
      { tag: 'li', text: 'Home' },
      { tag: 'li', text: 'About' },
      { tag: 'h1', text: 'About Elevate Digital' },
      { tag: 'p', text: 'We grow UK businesses & brands.' },
      { tag: 'p', text: 'Free consultation' },
      { tag: 'p', text: '© 2026 Elevate Digital' },
    ])
  })

  it('writes a document with no stylesheet, image or script, and the page’s language and title', () => {
    const twin = bareTwin(page)
    expect(twin).toContain('<html lang="en-GB">')
    expect(twin).toContain('<title>About | Elevate Digital</title>')
    expect(twin).toContain('<ul>\n<li>Home</li>\n<li>About</li>\n</ul>')
    expect(twin).toContain('<h1>About Elevate Digital</h1>')
    expect(twin).toContain('<p>We grow UK businesses &amp; brands.</p>')
    expect(twin).not.toMatch(/<(style|script|img|picture|svg)\b/)
    // Nothing to fetch, not even the icon a browser asks for when none is declared.
    expect([...twin.matchAll(/<link\b[^>]*>/g)].map(([link]) => link)).toEqual([
      '<link rel="icon" href="data:,">',
    ])
    expect(twin).not.toContain('Only shown after a choice')
    expect(twin).not.toContain('Turn on JavaScript')
  })
})
