import { defineConfig } from 'vitest/config'

/**
 * The root test config (run with `--config`, since Vitest no longer reads this file by name).
 * `unit` covers plain modules beside their code; `browser` builds the site, serves it locally
 * and drives Debian's Chromium through Playwright.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{shared,functions,infra,frontend,bench,scripts}/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          globalSetup: ['tests/browser/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // What a test polls for comes after the page's own work (its module starts after the
          // first paint, the toasts' code loads on intent): 1 s, Vitest's default, is the happy
          // timing of an idle machine, not of a busy one.
          expect: { poll: { timeout: 10_000 } },
          // Two cores: one Chromium at a time keeps timings (scroll, animations) honest.
          fileParallelism: false,
        },
      },
    ],
  },
})
