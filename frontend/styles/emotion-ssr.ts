import createCache, { type EmotionCache } from '@emotion/cache'
import { trimGlobalCss } from './trim-global-css.ts'

/**
 * Emotion's default server rendering writes a `<style>` element next to each styled element,
 * inside the body: invalid HTML (inside `<ul>`, `<details>`, `<picture>`...) that the Nu Html
 * Checker rejects, and the same rule repeated wherever a class is first used in a subtree.
 * In compat mode Emotion writes nothing inline and keeps each rule in `cache.inserted`, so the
 * page's CSS can be written once, in the head (`+headHtmlEnd.ts`).
 */
export function createExtractingCache(): EmotionCache {
  const cache = createCache({ key: 'css' })
  cache.compat = true
  return cache
}

/** Every rule the render used, in insertion order (global layers and resets first). */
export function extractedCss(cache: EmotionCache): string {
  return Object.values(cache.inserted)
    .filter((rules): rules is string => typeof rules === 'string')
    .join('')
}

/**
 * The CSS a page's head carries: every rule the render used, with Chakra's global token
 * variables and keyframes trimmed to those the rules can reach (trim-global-css.ts).
 */
export function pageCss(cache: EmotionCache): string {
  return trimGlobalCss(extractedCss(cache))
}

declare global {
  namespace Vike {
    interface PageContext {
      /** Set for each server render by `+onBeforeRenderHtml.ts`; read by the Wrapper and the head. */
      emotionCache?: EmotionCache
    }
  }
}
