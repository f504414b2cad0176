import { expect, inject, it } from 'vitest'
import { nextPageMs } from '#bench/next-page.ts'
import { sharedChromium } from './chromium.ts'

const browser = await sharedChromium()

// The bench's next-page figure, one sample each way: the page after the hover arrives from the
// speculation, and both figures are measured (their values say nothing on a shared machine).
it('bench/next-page.ts times the next page with the speculation rules and without', {
  timeout: 60_000,
}, async () => {
  const figures = await nextPageMs(browser, inject('baseUrl'), 1)
  expect(figures.arrivals).toEqual([expect.stringMatching(/^(navigational-prefetch|prerender)$/)])
  for (const ms of [figures.withSpeculationMs, figures.withoutMs]) {
    expect(ms).toBeGreaterThan(0)
  }
})
