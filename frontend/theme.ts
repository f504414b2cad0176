import { createSystem, defineConfig } from '@chakra-ui/react'
import { defaultBaseConfig } from '@chakra-ui/react/preset-base'
import { defaultThemeConfig } from '@chakra-ui/react/theme'
import { brandColours } from '#shared/brand-colours.ts'

/**
 * Chakra's stack without its first name, Inter: the site does not ship Inter, so for nearly every
 * visitor it was a font lookup that failed before the first layout. What is drawn does not change.
 */
const systemFonts =
  '-apple-system, BlinkMacSystemFont, "Segoe UI", Helvetica, Arial, sans-serif, "Apple Color Emoji", "Segoe UI Emoji", "Segoe UI Symbol"'

/** The site's one theme: brand colours on top of Chakra's defaults, system fonts (nothing to download). */
const config = defineConfig({
  theme: {
    tokens: {
      fonts: {
        heading: { value: systemFonts },
        body: { value: systemFonts },
      },
      colors: {
        brand: {
          50: { value: '#eef4ff' },
          100: { value: '#d9e6ff' },
          500: { value: '#2f5bea' },
          600: { value: '#1f47cc' },
          700: { value: brandColours.theme },
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
          focusRing: { value: '{colors.brand.700}' },
        },
        // Chakra's grey ring (#a1a1aa) is 2.6:1 on white; WCAG 2.2 wants 3:1 for focus indicators.
        gray: { focusRing: { value: '{colors.brand.700}' } },
      },
    },
    recipes: {
      // The default border (#e4e4e7) is 1.2:1 on white: too faint to show where a field is (WCAG 1.4.11).
      input: { variants: { variant: { outline: { borderColor: 'gray.500' } } } },
      textarea: { variants: { variant: { outline: { borderColor: 'gray.500' } } } },
    },
  },
  globalCss: {
    html: {
      scrollPaddingTop: '6rem',
      // Chakra asks for Inter's single-storey "a" (cv11) and the optimizeLegibility text path; we
      // do not ship Inter. With the font lookups these took / from 19 to 30 ms of first layout (ADR 0026).
      fontFeatureSettings: 'normal',
      textRendering: 'auto',
      // Fields draw their ring on their edge at 1 px by default; every ring is at least 2 px.
      '--focus-ring-width': '2px',
    },
    // A visitor who asks for less motion gets none: toasts, the cookie banner, the menu, the
    // header and any smooth scrolling change state at once. One rule, so no component can miss it.
    '*, *::before, *::after': {
      _motionReduce: {
        animation: 'none !important',
        transition: 'none !important',
        scrollBehavior: 'auto !important',
      },
    },
    // On dark blocks (hero, closing call to action, footer) the ring turns white to stay visible.
    '[data-surface=dark]': {
      '--chakra-colors-gray-focus-ring': 'white',
      '--chakra-colors-brand-focus-ring': 'white',
      '--chakra-colors-color-palette-focus-ring': 'white',
    },
  },
})

// Chakra's `defaultConfig` is these two merged, but its module also builds a `defaultSystem` when
// it loads, which the browser would pay for (the contact form island) and nothing uses.
export const system = createSystem(defaultBaseConfig, defaultThemeConfig, config)
