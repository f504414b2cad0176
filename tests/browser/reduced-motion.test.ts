import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { sharedChromium, url, viewports } from './chromium.ts'
import { enhanceForm, fillEnquiry, openToast, submitButton } from './contact-helpers.ts'
import { waitForShell } from './page-start.ts'

const browser = await sharedChromium()

/** A page whose visitor has asked their system for reduced motion. */
async function openReduced(
  path: string,
  viewport: { width: number; height: number },
  { consentGiven = false } = {},
) {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce' })
  if (consentGiven) {
    await context.addInitScript(() => localStorage.setItem('cookie-consent', 'declined'))
  }
  const page = await context.newPage()
  await page.goto(url(path), { waitUntil: 'load' })
  await waitForShell(page)
  return { page, close: () => context.close() }
}

/** Every CSS animation or transition running in the page right now, by what it animates. */
function running(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    document.getAnimations().map((animation) => {
      const target = (animation.effect as KeyframeEffect | null)?.target
      const name =
        'animationName' in animation
          ? String(animation.animationName)
          : String((animation as CSSTransition).transitionProperty)
      return `${target?.tagName.toLowerCase() ?? '?'} ${name}`
    }),
  )
}

describe('with prefers-reduced-motion: reduce nothing moves', () => {
  it('the cookie banner appears and leaves, the header changes and the menu opens without motion', async () => {
    const { page, close } = await openReduced('/', viewports.phone)
    const banner = page.locator('[data-cookie-banner]')
    await banner.waitFor({ state: 'visible' })
    expect(await running(page)).toEqual([])

    await page.evaluate(() => window.scrollTo({ top: 400, behavior: 'instant' }))
    await page.locator('[data-site-header][data-scrolled]').waitFor({ state: 'attached' })
    expect(await running(page)).toEqual([])

    await page.locator('summary[aria-label=Menu]').click()
    expect(await running(page)).toEqual([])
    await page.keyboard.press('Escape')

    await banner.getByRole('button', { name: 'Decline Optional' }).click()
    expect(await running(page)).toEqual([])
    await banner.waitFor({ state: 'hidden' })
    await close()
  })

  it('scroll-to-top jumps straight to the top', async () => {
    const { page, close } = await openReduced('/faq', viewports.phone)
    await page.evaluate(() => window.scrollTo({ top: 1500, behavior: 'instant' }))
    const button = page.getByRole('button', { name: 'Scroll to top' })
    await button.waitFor({ state: 'visible' })
    await button.evaluate((element) => (element as HTMLButtonElement).click())
    // No smooth scroll: already at the top in the same task as the click.
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0)
    await close()
  })

  // The form's code loads on first use; on a busy machine that can take a while.
  it('a toast appears without sliding or fading', { timeout: 60_000 }, async () => {
    const { page, close } = await openReduced('/contact', viewports.desktop, { consentGiven: true })
    await page.route(url('/api/contacts'), (route) => route.abort())
    await enhanceForm(page)
    await fillEnquiry(page)
    await submitButton(page).click()
    await openToast(page).waitFor()
    expect(await running(page)).toEqual([])
    await close()
  })
})
