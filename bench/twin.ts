/**
 * The bare-HTML twin of a built page: the same visible text, grouped as the page groups it
 * (headings stay headings, list items stay list items, every other block becomes a paragraph),
 * with no stylesheet, image or script. It is the floor a page's paints are measured against:
 * whatever the page's LCP and FCP cost beyond the twin's is what its styling, artwork and markup
 * cost.
 */
import { Parser } from 'htmlparser2'

/** Elements whose content a visitor never reads as text on the page. */
const skipped = new Set(['head', 'script', 'style', 'noscript', 'template', 'svg', 'title'])
/** Elements that start a new run of text; inline elements (a, span, strong) join their block's. */
const blocks = new Set([
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'li',
  'dt',
  'dd',
  'blockquote',
  'figcaption',
  'td',
  'th',
  'label',
  'button',
  'legend',
  'summary',
  'div',
  'section',
  'article',
  'aside',
  'header',
  'footer',
  'nav',
  'main',
  'form',
  'ul',
  'ol',
  'dl',
  'table',
  'tr',
  'details',
  'fieldset',
  'br',
])
const headings = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'])

type Tag = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6' | 'li' | 'p'
interface Block {
  readonly tag: Tag
  readonly text: string
}

const escapeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** The page's visible text as blocks, in document order. */
export function textBlocks(html: string): Block[] {
  const found: Block[] = []
  // The block each run of text belongs to: the innermost open heading, list item or other block.
  const open: string[] = []
  let skipDepth = 0
  let text = ''
  const flush = () => {
    const collapsed = text.replace(/\s+/g, ' ').trim()
    text = ''
    if (!collapsed) return
    const owner = [...open].reverse().find((tag) => headings.has(tag) || tag === 'li') ?? 'p'
    found.push({ tag: owner as Tag, text: collapsed })
  }
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (skipDepth > 0 || skipped.has(name) || 'hidden' in attributes) {
          skipDepth++
          return
        }
        if (blocks.has(name)) flush()
        open.push(name)
      },
      ontext(data) {
        if (skipDepth === 0) text += data
      },
      onclosetag(name) {
        if (skipDepth > 0) {
          skipDepth--
          return
        }
        if (blocks.has(name)) flush()
        open.pop()
      },
    },
    { decodeEntities: true, lowerCaseTags: true, recognizeSelfClosing: true },
  )
  parser.write(html)
  parser.end()
  flush()
  return found
}

/**
 * An empty icon: with no icon declared, a browser asks for /favicon.ico, and whether that request
 * ends before the first paint varies from run to run. Lighthouse counts it in LCP when it does
 * (100 ms here), so the floor would move between runs; the page's own icon comes inline.
 */
const NO_ICON = '<link rel="icon" href="data:,">'

/**
 * The twin document: the page's language and title, then its text blocks, unstyled. It asks for
 * nothing but itself.
 */
export function bareTwin(html: string): string {
  const lang = /<html[^>]*\blang="([^"]+)"/i.exec(html)?.[1] ?? 'en'
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1] ?? ''
  const body: string[] = []
  let inList = false
  for (const { tag, text } of textBlocks(html)) {
    if (tag === 'li' && !inList) body.push('<ul>')
    if (tag !== 'li' && inList) body.push('</ul>')
    inList = tag === 'li'
    body.push(`<${tag}>${escapeText(text)}</${tag}>`)
  }
  if (inList) body.push('</ul>')
  return [
    '<!DOCTYPE html>',
    `<html lang="${lang}">`,
    '<head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${title}</title>`,
    `${NO_ICON}</head>`,
    `<body>\n${body.join('\n')}\n</body></html>`,
  ].join('\n')
}

/** Where a page's twin is served, beside the build's own pages. */
export const twinPath = (path: string) =>
  `/__twin/${path.replace(/^\/|\.html$/g, '').replace(/[^a-z0-9]+/gi, '-') || 'home'}`
