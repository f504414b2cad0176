import type { PageContextServer } from 'vike/types'
import { pageCss } from '../styles/emotion-ssr.ts'

/** The page's CSS, collected while the body rendered (vike-react renders the body first). */
export default function headHtmlEnd(pageContext: PageContextServer): string {
  const cache = pageContext.emotionCache
  if (!cache) return ''
  // `<\/style` is the same text to CSS and cannot end the element early.
  const css = pageCss(cache).replace(/<\/style/gi, '<\\/style')
  // The ids tell a client-side Emotion (the contact form island) these rules are already here.
  const ids = Object.keys(cache.inserted).join(' ')
  return `<style data-emotion="${cache.key} ${ids}">${css}</style>`
}
