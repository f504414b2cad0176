import { Box, ChakraProvider } from '@chakra-ui/react'
import { CacheProvider } from '@emotion/react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { system } from '../theme.ts'
import { createExtractingCache, extractedCss } from './emotion-ssr.ts'

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
})
