import { defineConfig } from 'vitest/config'

/**
 * The root test config (run with `--config`, since Vitest no longer reads this file by name).
 * Expensive set-up is made once per run, in each project's global set-up, and handed to the
 * tests (`inject`): the CDK app's configurations are synthesised once (and kept between runs
 * while the app's code is unchanged), the site is built once (likewise), and one Chromium serves
 * every browser test.
 *
 * - `unit`: plain modules beside their code; no build, no browser, no synthesis, no local stack.
 * - `infra`: the CDK app's tests, reading cloud assemblies the global set-up synthesised.
 * - `local`: the local stack (dynalite, the SES emulator, the pipeline's fault scenarios), the
 *   ops commands against it and the API benchmark.
 * - `built`: checks that only read the built site's files (links, headings, head tags, JSON-LD,
 *   the HTML checker, byte budgets): the browser's cached build, no server, no browser.
 * - `browser`: the built site served as `npm start` serves it, driven through Chromium.
 *
 * Two groups (`groupOrder`), each two files at a time (projects of one group share one number of
 * workers; Vitest's default is one fewer than the cores: one, on two). The browser's runs alone,
 * last, so a synthesis or a build never competes with an animation; the local stack's runs
 * first, beside the syntheses: its tests wait on state (a drill's 8 s budget is the pipeline's,
 * measured inside it), so a file beside them makes them slower, never wrong, and they no longer
 * wait for the browser's to end.
 */
const local = ['local/**/*.test.ts', 'ops/*.test.ts', 'bench/**/*.test.ts']
const infra = ['infra/**/*.test.ts', 'ops/retention-audit/**/*.test.ts']

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{shared,functions,frontend,scripts}/**/*.test.{ts,tsx}'],
          environment: 'node',
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'infra',
          include: infra,
          environment: 'node',
          globalSetup: ['infra/testing/global-setup.ts'],
          // The tests only read assemblies: one aws-cdk-lib per worker, not one per file.
          isolate: false,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'built',
          include: ['tests/built/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/built/global-setup.ts'],
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'local',
          include: local,
          environment: 'node',
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
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
          // Two files at a time, each in contexts of its own on the one Chromium: the tests wait
          // on the page's state (locators, expect.poll) or run on the fake clock, so a second
          // file beside them (or a busy machine) makes them slower, never wrong.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
})
