import type { PageContextServer } from 'vike/types'
import { createExtractingCache } from '../styles/emotion-ssr.ts'

/** A fresh style cache per page, so each page's head carries exactly the CSS it uses. */
export default function onBeforeRenderHtml(pageContext: PageContextServer) {
  pageContext.emotionCache = createExtractingCache()
}
