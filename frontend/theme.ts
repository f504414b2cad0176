import { createSystem, defineConfig } from '@chakra-ui/react'
import { defaultBaseConfig } from '@chakra-ui/react/preset-base'
import { defaultThemeConfig } from '@chakra-ui/react/theme'

/** The site's one theme: brand colours on top of Chakra's defaults, system fonts (nothing to download). */
const config = defineConfig({
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: '#eef4ff' },
          100: { value: '#d9e6ff' },
          500: { value: '#2f5bea' },
          600: { value: '#1f47cc' },
          700: { value: '#1a3aa3' },
          900: { value: '#0f1f57' },
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: '{colors.brand.600}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.500}' },
          focusRing: { value: '{colors.brand.500}' },
        },
      },
    },
  },
  globalCss: {
    html: { scrollPaddingTop: '6rem' },
  },
})

// Chakra's `defaultConfig` is these two merged, but its module also builds a `defaultSystem` when
// it loads, which the browser would pay for (the contact form island) and nothing uses.
export const system = createSystem(defaultBaseConfig, defaultThemeConfig, config)
