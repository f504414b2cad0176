import { Box, ChakraProvider } from '@chakra-ui/react'
import { CacheProvider } from '@emotion/react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { system } from '../theme.ts'
import { createExtractingCache, extractedCss, pageCss } from './emotion-ssr.ts'

describe('Emotion style extraction', () => {
  it('renders no <style> elements into the body and collects every rule for the head', () => {
    const cache = createExtractingCache()
    const html = renderToString(
      <CacheProvider value={cache}>
        <ChakraProvider value={system}>
          <ul>
            <Box as="li" color="brand.fg" p="4">
              Item
            </Box>
          </ul>
        </ChakraProvider>
      </CacheProvider>,
    )
    expect(html).not.toContain('<style')
    const className = /class="(css-[a-z0-9]+)"/.exec(html)?.[1]
    expect(className).toBeDefined()
    const css = extractedCss(cache)
    expect(css).toContain(`.${className}{`)
    // Chakra's global layers and reset come first, as they would inline.
    expect(css.indexOf('@layer reset')).toBeLessThan(css.indexOf(`.${className}{`))
  })

  it('starts each page with an empty cache', () => {
    expect(extractedCss(createExtractingCache())).toBe('')
  })

  it('trims the page CSS to the tokens its rules reach, leaving nothing they read undefined', () => {
    const cache = createExtractingCache()
    renderToString(
      <CacheProvider value={cache}>
        <ChakraProvider value={system}>
          <Box color="brand.fg" p="4">
            Item
          </Box>
        </ChakraProvider>
      </CacheProvider>,
    )
    const full = extractedCss(cache)
    const trimmed = pageCss(cache)
    const declared = (css: string) => new Set(css.match(/--(?:[\w-]|\\.)+(?=:)/g))
    const undeclared = (css: string) =>
      [...css.matchAll(/var\((--(?:[\w-]|\\.)+)/g)]
        .map(([, name = '']) => name)
        .filter((name) => !declared(css).has(name))
    expect(trimmed.length).toBeLessThan(full.length / 2)
    // brand.fg is a semantic token over a palette step: both stay.
    expect(trimmed).toContain('--chakra-colors-brand-fg:var(--chakra-colors-brand-700)')
    expect(trimmed).toContain('--chakra-colors-brand-700:#1a3aa3')
    expect(trimmed).toContain('--chakra-spacing-4:')
    expect(trimmed).not.toContain('--chakra-colors-red-500:')
    expect(trimmed).not.toMatch(/@keyframes/)
    // Nothing the trimmed CSS reads is undeclared unless it was already (keyframe parameters).
    const before = new Set(undeclared(full))
    expect(undeclared(trimmed).filter((name) => !before.has(name))).toEqual([])
  })
})
