import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectNoAxeViolations, pauseClock, sharedChromium, url, viewports } from './chromium.ts'
import { waitForShell } from './page-start.ts'

/**
 * The cookie banner (spec §4 "Cookie consent"), against the default build, which has no Google
 * Analytics id. The 1.5 s delay and 300 ms exit run under Playwright's fake clock.
 */

const browser = await sharedChromium()

interface OpenOptions {
  viewport?: { width: number; height: number }
  reducedMotion?: 'reduce' | 'no-preference'
  /** Runs in the page before any of its own scripts (e.g. to seed or break localStorage). */
  initScript?: () => void
}

async function open(path: string, options: OpenOptions = {}) {
  const context = await browser.newContext({
    viewport: options.viewport ?? viewports.desktop,
    reducedMotion: options.reducedMotion ?? 'no-preference',
  })
  const page = await context.newPage()
  const warnings: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text())
  })
  const requests: string[] = []
  page.on('request', (request) => requests.push(request.url()))
  if (options.initScript) await page.addInitScript(options.initScript)
  // Time stands still from the first script on; only runFor() moves it.
  await pauseClock(page)
  await page.goto(url(path), { waitUntil: 'load' })
  await waitForShell(page)
  const banner = page.getByRole('region', { name: 'We use cookies' })
  return { page, banner, warnings, requests, close: () => context.close() }
}

const stored = (page: Page) =>
  page.evaluate(() => ({
    consent: localStorage.getItem('cookie-consent'),
    date: localStorage.getItem('cookie-consent-date'),
  }))

/** Waits out the entry transition, so what is checked is the banner at rest. */
const settled = (page: Page) =>
  page.waitForFunction(() => {
    const banner = document.querySelector<HTMLElement>('[data-cookie-banner]')
    return banner && !banner.hidden && getComputedStyle(banner).opacity === '1'
  })

describe('cookie banner: first visit', () => {
  it('is not shown before 1.5 s and is shown from 1.5 s', async () => {
    const { page, banner, close } = await open('/')
    await expect(banner.isVisible()).resolves.toBe(false)
    await page.clock.runFor(1499)
    await expect(banner.isVisible()).resolves.toBe(false)
    await page.clock.runFor(1)
    await expect(banner.isVisible()).resolves.toBe(true)
    await close()
  })

  it("says what it is for, links to the privacy policy and offers the spec's choices", async () => {
    const { page, banner, close } = await open('/')
    await page.clock.runFor(1500)
    await expect(banner.getByRole('heading').textContent()).resolves.toBe('We use cookies')
    await expect(banner.textContent()).resolves.toMatch(
      /optional analytics cookies are set only if you accept/i,
    )
    await expect(
      banner.getByRole('link', { name: /privacy policy/i }).getAttribute('href'),
    ).resolves.toBe('/privacy-policy')
    await expect(
      banner
        .getByRole('button')
        .evaluateAll((buttons) =>
          buttons.map((b) => b.getAttribute('aria-label') ?? b.textContent?.trim()),
        ),
    ).resolves.toEqual(['Decline Optional', 'Accept All Cookies', 'Close'])
    await close()
  })

  // Pages with a +client of their own (the contact page) start the shell, and so the banner, too.
  for (const path of ['/contact', '/services/seo', '/this-page-does-not-exist']) {
    it(`runs on ${path} too`, async () => {
      const { page, banner, close } = await open(path)
      await page.clock.runFor(1500)
      await expect(banner.isVisible()).resolves.toBe(true)
      await banner.getByRole('button', { name: 'Decline Optional' }).click()
      await expect(stored(page)).resolves.toMatchObject({ consent: 'declined' })
      await close()
    })
  }

  it('is fixed to the bottom of the viewport and moves nothing when it appears', async () => {
    const { page, banner, close } = await open('/')
    await page.evaluate(() => {
      ;(window as unknown as { shifts: number }).shifts = 0
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          ;(window as unknown as { shifts: number }).shifts += (
            entry as unknown as { value: number }
          ).value
        }
      }).observe({ type: 'layout-shift' })
    })
    const heading = page.getByRole('heading', { level: 1 })
    const before = await heading.boundingBox()
    await page.clock.runFor(1500)
    await settled(page)
    expect(await heading.boundingBox()).toEqual(before)
    expect(await banner.evaluate((el) => getComputedStyle(el).position)).toBe('fixed')
    const box = await banner.boundingBox()
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeCloseTo(viewports.desktop.height, 0)
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0)
    await close()
  })
})

describe('cookie banner: choices', () => {
  for (const [button, choice] of [
    ['Accept All Cookies', 'accepted'],
    ['Decline Optional', 'declined'],
  ] as const) {
    it(`'${button}' stores '${choice}' with an ISO date, then fades and slides out over 300 ms`, async () => {
      const { page, banner, warnings, close } = await open('/')
      await page.clock.runFor(1500)
      await settled(page)
      const before = Date.now()
      await banner.getByRole('button', { name: button }).click()
      const { consent, date } = await stored(page)
      expect(consent).toBe(choice)
      expect(date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
      expect(new Date(date ?? '').toISOString()).toBe(date)
      // The page's clock is fake; the stored date is still a real moment near now.
      expect(Math.abs(new Date(date ?? '').getTime() - before)).toBeLessThan(60_000)

      // Leaving: a 300 ms opacity and transform transition towards transparent and moved down.
      const leaving = await banner.evaluate((el) => {
        const style = getComputedStyle(el)
        return {
          properties: style.transitionProperty,
          durations: style.transitionDuration,
          state: el.getAttribute('data-state'),
        }
      })
      expect(leaving).toEqual({
        properties: 'opacity, transform',
        durations: '0.3s, 0.3s',
        state: 'closed',
      })
      await page.clock.runFor(299)
      await expect(banner.evaluate((el) => (el as HTMLElement).hidden)).resolves.toBe(false)
      await page.clock.runFor(1)
      await expect(banner.isVisible()).resolves.toBe(false)
      expect(warnings).not.toContain('Unable to save cookie consent preference')
      await close()
    })
  }

  it('a stored choice keeps the banner away on later visits', async () => {
    const { page, banner, close } = await open('/')
    await page.clock.runFor(1500)
    await banner.getByRole('button', { name: 'Decline Optional' }).click()
    await page.reload({ waitUntil: 'load' })
    await waitForShell(page)
    await page.clock.runFor(10_000)
    await expect(banner.isVisible()).resolves.toBe(false)
    await close()
  })

  it('Close hides it without storing anything, so it returns on the next visit', async () => {
    const { page, banner, close } = await open('/')
    await page.clock.runFor(1500)
    await banner.getByRole('button', { name: 'Close' }).click()
    await page.clock.runFor(300)
    await expect(banner.isVisible()).resolves.toBe(false)
    await expect(page.evaluate(() => ({ ...localStorage }))).resolves.toEqual({})

    await page.reload({ waitUntil: 'load' })
    await waitForShell(page)
    await page.clock.runFor(1500)
    await expect(banner.isVisible()).resolves.toBe(true)
    await close()
  })

  it('comes back once the stored preferences are cleared', async () => {
    const { page, banner, close } = await open('/')
    await page.clock.runFor(1500)
    await banner.getByRole('button', { name: 'Accept All Cookies' }).click()
    await page.evaluate(() => localStorage.clear())
    await page.reload({ waitUntil: 'load' })
    await waitForShell(page)
    await page.clock.runFor(1500)
    await expect(banner.isVisible()).resolves.toBe(true)
    await close()
  })

  it('leaves at once, without the animation, for visitors who prefer reduced motion', async () => {
    const { page, banner, close } = await open('/', { reducedMotion: 'reduce' })
    await page.clock.runFor(1500)
    await expect(banner.evaluate((el) => getComputedStyle(el).transitionDuration)).resolves.toBe(
      '0s',
    )
    await banner.getByRole('button', { name: 'Accept All Cookies' }).click()
    await page.clock.runFor(0)
    await expect(banner.isVisible()).resolves.toBe(false)
    await close()
  })
})

describe('cookie banner: storage that fails', () => {
  it("warns 'Unable to save cookie consent preference' when the choice cannot be saved, and nothing else happens", async () => {
    const { page, banner, warnings, close } = await open('/', {
      initScript: () => {
        Storage.prototype.setItem = () => {
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
        }
      },
    })
    await page.clock.runFor(1500)
    await banner.getByRole('button', { name: 'Accept All Cookies' }).click()
    expect(warnings).toContain('Unable to save cookie consent preference')
    await expect(page.evaluate(() => ({ ...localStorage }))).resolves.toEqual({})
    await page.clock.runFor(1000)
    await expect(banner.isVisible()).resolves.toBe(true)
    await close()
  })

  it('assumes no choice when the stored one cannot be read', async () => {
    const { page, banner, close } = await open('/', {
      initScript: () => {
        localStorage.setItem('cookie-consent', 'declined')
        Storage.prototype.getItem = () => {
          throw new DOMException('The operation is insecure.', 'SecurityError')
        }
      },
    })
    await page.clock.runFor(1500)
    await expect(banner.isVisible()).resolves.toBe(true)
    await close()
  })
})

describe('cookie banner: changing one’s mind', () => {
  it("the footer's 'Cookie settings' reopens it at once and takes focus there and back", async () => {
    const { page, banner, close } = await open('/', {
      initScript: () => localStorage.setItem('cookie-consent', 'accepted'),
    })
    await page.clock.runFor(1500)
    await expect(banner.isVisible()).resolves.toBe(false)

    const settings = page.locator('footer').getByRole('button', { name: 'Cookie settings' })
    await settings.click()
    await expect(banner.isVisible()).resolves.toBe(true)
    await expect(banner.evaluate((el) => el === document.activeElement)).resolves.toBe(true)

    await banner.getByRole('button', { name: 'Decline Optional' }).click()
    await expect(stored(page)).resolves.toMatchObject({ consent: 'declined' })
    await expect(settings.evaluate((el) => el === document.activeElement)).resolves.toBe(true)
    await page.clock.runFor(300)
    await expect(banner.isVisible()).resolves.toBe(false)
    await close()
  })

  it("hides 'Cookie settings' (and never shows the banner) without JavaScript", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(url('/'))
    await expect(
      page.getByRole('button', { name: 'Cookie settings', includeHidden: true }).isVisible(),
    ).resolves.toBe(false)
    await expect(page.locator('[data-cookie-banner]').isVisible()).resolves.toBe(false)
    await context.close()
  })
})

describe('cookie banner: accessibility', () => {
  it('is reached by keyboard right after the skip link, and Tab moves on out of it', async () => {
    const { page, close } = await open('/')
    await page.clock.runFor(1500)
    await settled(page)
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement
        return `${el?.closest('[data-cookie-banner]') ? 'banner: ' : ''}${el?.getAttribute('aria-label') ?? el?.textContent?.trim()}`
      })
    const order: string[] = []
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab')
      order.push(await focused())
    }
    expect(order).toEqual([
      'Skip to main content',
      'banner: Read our privacy policy',
      'banner: Decline Optional',
      'banner: Accept All Cookies',
      'banner: Close',
      'Elevate Digital home',
    ])
    // Escape from inside it closes it, as Close does.
    await page.keyboard.press('Shift+Tab')
    await page.keyboard.press('Escape')
    await page.clock.runFor(300)
    await expect(page.locator('[data-cookie-banner]').isVisible()).resolves.toBe(false)
    await close()
  })

  for (const path of ['/', '/contact']) {
    for (const [name, viewport] of Object.entries(viewports)) {
      it(`has no WCAG 2.2 AA violations on ${path} with the banner open at ${viewport.width} px (${name})`, async () => {
        const { page, close } = await open(path, { viewport })
        await page.clock.runFor(1500)
        await settled(page)
        // axe schedules its own work with timers: let time flow again.
        await page.clock.resume()
        await expectNoAxeViolations(page)
        await close()
      })
    }
  }

  it("leaves the hero's main actions uncovered at 375 px", async () => {
    const { page, banner, close } = await open('/', { viewport: viewports.phone })
    await page.clock.runFor(1500)
    await settled(page)
    const top = (await banner.boundingBox())?.y ?? 0
    for (const name of ['Start Your Journey', 'Explore Services']) {
      const box = await page.getByRole('link', { name }).boundingBox()
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(top)
    }
    await close()
  })
})

describe('cookie banner: the page around it', () => {
  it('keeps the return-to-top button and keyboard focus clear of it while open', async () => {
    const { page, banner, close } = await open('/', { viewport: viewports.phone })
    await page.clock.runFor(1500)
    await settled(page)
    // The scroll event comes with a real frame; the shell's handler then waits for a (fake) one.
    await page.evaluate(
      () =>
        new Promise((resolve) => {
          addEventListener('scroll', resolve, { once: true })
          window.scrollTo({ top: 1200, behavior: 'instant' })
        }),
    )
    await page.clock.runFor(100)
    const bannerBox = await banner.boundingBox()
    const buttonBox = await page.getByRole('button', { name: 'Scroll to top' }).boundingBox()
    expect((buttonBox?.y ?? 0) + (buttonBox?.height ?? 0)).toBeLessThanOrEqual(bannerBox?.y ?? 0)
    // Scroll-padding makes the browser scroll a focused element out from under the banner, with
    // room for its focus ring.
    const padding = () =>
      page.evaluate(() => getComputedStyle(document.documentElement).scrollPaddingBottom)
    await expect(padding().then(Number.parseFloat)).resolves.toBeGreaterThanOrEqual(
      bannerBox?.height ?? Infinity,
    )

    await banner.getByRole('button', { name: 'Close' }).click()
    await page.clock.runFor(300)
    await page.clock.resume()
    await page.waitForFunction(
      () => getComputedStyle(document.documentElement).scrollPaddingBottom === 'auto',
    )
    await close()
  })
})

describe('analytics without a measurement id', () => {
  it("warns 'Missing required Google Analytics key' and asks nothing of any other origin, even after Accept", async () => {
    const { page, banner, warnings, requests, close } = await open('/')
    expect(warnings).toContain('Missing required Google Analytics key')
    await page.clock.runFor(1500)
    await banner.getByRole('button', { name: 'Accept All Cookies' }).click()
    await page.clock.runFor(1000)
    const origin = new URL(page.url()).origin
    expect(requests.filter((request) => new URL(request).origin !== origin)).toEqual([])
    await expect(page.evaluate(() => typeof window.gtag)).resolves.toBe('undefined')
    await close()
  })
})
