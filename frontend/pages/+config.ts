import type { Config } from 'vike/types'
import vikeReact from 'vike-react/config'

export default {
  extends: [vikeReact],
  prerender: true,
  lang: 'en-GB',
  // Pages are HTML-only: React and Chakra render them at build time and never reach the
  // browser; behaviour comes from small +client scripts (docs/decisions/0001-static-first.md).
  clientHooks: false,
  meta: {
    keywords: { env: { server: true } },
  },
} satisfies Config

declare global {
  namespace Vike {
    interface Config {
      /** Search keywords for the page's `<meta name="keywords">`. */
      keywords?: readonly string[]
    }
  }
}
