import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react'

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

export const system = createSystem(defaultConfig, config)
