import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startLocalServer } from '#local/server.ts'
import { launchChromium, pauseClock, viewports } from './chromium.ts'
import { waitForShell } from './page-start.ts'
import { buildSite } from './site-build.ts'

/**
 * Consent-gated Google Analytics, against a build of its own that has a measurement id. Every
 * request is watched; gtag.js is answered by a local stub that only records that it ran, so
 * what the page asked Google to do is read back from `dataLayer`.
 */

const measurementId = 'G-TEST123'
let browser: Browser
let server: RunningServer
let outDir: string

beforeAll(async () => {
  outDir = buildSite({ measurementId })
  server = await startLocalServer({ root: join(outDir, 'client'), port: 0, analytics: true })
  browser = await launchChromium()
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

const gtagStub = `window.__gtagStub = { src: document.currentScript.src }`
const isGoogle = (request: string) =>
  /(^|\.)(google|googletagmanager|google-analytics|doubleclick)\.[a-z.]+$/.test(
    new URL(request).hostname,
  )

interface OpenOptions {
  stored?: 'accepted' | 'declined'
  /** Adds a `view` event to the page, as service pages declare theirs. */
  viewEvent?: boolean
}

async function open(path: string, options: OpenOptions = {}) {
  const context = await browser.newContext({ viewport: viewports.desktop })
  const page = await context.newPage()
  const requests: string[] = []
  page.on('request', (request) => requests.push(request.url()))
  const warnings: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text())
  })
  // Nothing may leave for the real Google; gtag.js is the stub.
  await context.route(
    (target) => isGoogle(target.href),
    (route) =>
      route.request().url().startsWith('https://www.googletagmanager.com/gtag/js')
        ? route.fulfill({ contentType: 'text/javascript', body: gtagStub })
        : route.abort(),
  )
  if (options.viewEvent) {
    await page.route(`${server.url}${path}`, async (route) => {
      const response = await route.fetch()
      const marker =
        '<div data-track-on="view" data-track-action="service_page_view" ' +
        'data-track-category="engagement" data-track-label="SEO Services"></div>'
      const body = (await response.text()).replace('<main', `${marker}<main`)
      await route.fulfill({ response, body })
    })
  }
  if (options.stored) {
    await page.addInitScript((choice) => {
      localStorage.setItem('cookie-consent', choice)
      localStorage.setItem('cookie-consent-date', new Date().toISOString())
    }, options.stored)
  }
  await pauseClock(page)
  await page.goto(`${server.url}${path}`, { waitUntil: 'load' })
  await waitForShell(page)
  const banner = page.getByRole('region', { name: 'We use cookies' })
  return { page, banner, requests, warnings, close: () => context.close() }
}

/** `dataLayer` as plain arrays (gtag pushes Arguments objects). */
const dataLayer = (page: Page) =>
  page.evaluate(() =>
    (window.dataLayer ?? []).map((entry) =>
      Array.from(entry as ArrayLike<unknown>, (value) => (value instanceof Date ? 'Date' : value)),
    ),
  )

const consentDefaults = [
  'consent',
  'default',
  {
    ad_storage: 'denied',
    ad_user_data: 'denied',
    ad_personalization: 'denied',
    analytics_storage: 'denied',
  },
]
const gtagUrl = `https://www.googletagmanager.com/gtag/js?id=${measurementId}`
const consultationEvent = [
  'event',
  'cta_click',
  { event_category: 'engagement', event_label: 'Free Consultation CTA' },
]

/** Clicks the home page's consultation button without leaving the page. */
async function clickConsultation(page: Page) {
  const button = page.getByRole('link', { name: 'Start Your Free Consultation' })
  await button.evaluate((a) =>
    a.addEventListener('click', (event) => event.preventDefault(), { once: true }),
  )
  await button.click()
}

async function settle(page: Page) {
  await page.clock.runFor(1000)
  await page.waitForLoadState('networkidle')
}

describe('analytics before a choice', () => {
  it('holds only the Consent Mode defaults, all denied, and asks nothing of Google', async () => {
    const { page, banner, requests, warnings, close } = await open('/')
    await page.clock.runFor(1500)
    await expect(banner.isVisible()).resolves.toBe(true)
    await clickConsultation(page)
    await settle(page)
    expect(requests.filter(isGoogle)).toEqual([])
    await expect(dataLayer(page)).resolves.toEqual([consentDefaults])
    await expect(page.evaluate(() => document.cookie)).resolves.toBe('')
    expect(warnings).toEqual([])
    await close()
  })
})

describe("after 'Accept All Cookies'", () => {
  it('requests gtag.js once, after the consent update, and the events reach dataLayer', async () => {
    const { page, banner, requests, close } = await open('/', { viewEvent: true })
    await page.clock.runFor(1500)
    await banner.getByRole('button', { name: 'Accept All Cookies' }).click()
    await page.waitForFunction(() => '__gtagStub' in window)
    expect(requests.filter(isGoogle)).toEqual([gtagUrl])

    await clickConsultation(page)
    await expect(dataLayer(page)).resolves.toEqual([
      consentDefaults,
      ['consent', 'update', { analytics_storage: 'granted' }],
      ['js', 'Date'],
      ['config', measurementId],
      ['event', 'service_page_view', { event_category: 'engagement', event_label: 'SEO Services' }],
      consultationEvent,
    ])
    await close()
  })

  it('loads at once on a later visit with accepted stored, sending the page view event once', async () => {
    const { page, banner, requests, close } = await open('/', {
      stored: 'accepted',
      viewEvent: true,
    })
    await page.waitForFunction(() => '__gtagStub' in window)
    expect(requests.filter(isGoogle)).toEqual([gtagUrl])
    await page.clock.runFor(1500)
    await expect(banner.isVisible()).resolves.toBe(false)
    const events = (await dataLayer(page)).filter((entry) => entry[0] === 'event')
    expect(events).toEqual([
      ['event', 'service_page_view', { event_category: 'engagement', event_label: 'SEO Services' }],
    ])
    await close()
  })
})

describe("the service pages' declared events", () => {
  it("website development: its page view, and 'Get Started Today' as get_started_button", async () => {
    const { page, close } = await open('/services/website-development', { stored: 'accepted' })
    await page.waitForFunction(() => '__gtagStub' in window)
    const button = page.locator('[data-track-action=get_started_button]')
    await button.evaluate((a) =>
      a.addEventListener('click', (event) => event.preventDefault(), { once: true }),
    )
    await button.click()
    const events = (await dataLayer(page)).filter((entry) => entry[0] === 'event')
    expect(events).toEqual([
      [
        'event',
        'service_page_view',
        { event_category: 'engagement', event_label: 'Website Development' },
      ],
      [
        'event',
        'get_started_button',
        { event_category: 'cta_click', event_label: 'website_development' },
      ],
    ])
    await close()
  })
})

describe("after 'Decline Optional'", () => {
  it('never loads gtag.js, this visit or the next, and tracked clicks send nothing', async () => {
    const { page, banner, requests, close } = await open('/', { viewEvent: true })
    await page.clock.runFor(1500)
    await banner.getByRole('button', { name: 'Decline Optional' }).click()
    await clickConsultation(page)
    await settle(page)
    await page.reload({ waitUntil: 'load' })
    await waitForShell(page)
    await clickConsultation(page)
    await settle(page)
    expect(requests.filter(isGoogle)).toEqual([])
    await expect(dataLayer(page)).resolves.toEqual([consentDefaults])
    await close()
  })
})

describe('withdrawing consent', () => {
  it("from 'Cookie settings' stops analytics for the rest of the page and removes its cookies", async () => {
    const { page, banner, close } = await open('/', { stored: 'accepted' })
    await page.waitForFunction(() => '__gtagStub' in window)
    // What gtag.js would have set for this site.
    await page
      .context()
      .addCookies(
        Object.entries({ _ga: 'GA1.1.123.456', _ga_TEST123: 'GS1.1.789', unrelated: 'kept' }).map(
          ([name, value]) => ({ name, value, url: server.url }),
        ),
      )
    await clickConsultation(page)

    await page.getByRole('button', { name: 'Cookie settings' }).click()
    await banner.getByRole('button', { name: 'Decline Optional' }).click()
    const before = await dataLayer(page)
    expect(before.at(-1)).toEqual(['consent', 'update', { analytics_storage: 'denied' }])
    await expect(
      page.evaluate((id) => Reflect.get(window, `ga-disable-${id}`), measurementId),
    ).resolves.toBe(true)
    await expect(page.evaluate(() => document.cookie)).resolves.toBe('unrelated=kept')

    await clickConsultation(page)
    await expect(dataLayer(page)).resolves.toEqual(before)
    expect(before.filter((entry) => entry[0] === 'event')).toEqual([consultationEvent])
    await close()
  })

  it('and giving it again on the same page resumes without loading gtag.js twice', async () => {
    const { page, banner, requests, close } = await open('/', { stored: 'declined' })
    await page.getByRole('button', { name: 'Cookie settings' }).click()
    await banner.getByRole('button', { name: 'Accept All Cookies' }).click()
    await page.getByRole('button', { name: 'Cookie settings' }).click()
    await banner.getByRole('button', { name: 'Decline Optional' }).click()
    await page.getByRole('button', { name: 'Cookie settings' }).click()
    await banner.getByRole('button', { name: 'Accept All Cookies' }).click()
    await clickConsultation(page)
    await settle(page)
    expect(requests.filter(isGoogle)).toEqual([gtagUrl])
    await expect(
      page.evaluate((id) => Reflect.get(window, `ga-disable-${id}`), measurementId),
    ).resolves.toBe(false)
    await expect(dataLayer(page).then((entries) => entries.at(-1))).resolves.toEqual(
      consultationEvent,
    )
    await close()
  })
})

describe('content security policy', () => {
  it("allows Google's tag and collection hosts when an id is configured", async () => {
    const response = await fetch(`${server.url}/`)
    const csp = response.headers.get('content-security-policy') ?? ''
    expect(csp).toMatch(/script-src 'self' https:\/\/www\.googletagmanager\.com/)
    expect(csp).toMatch(/connect-src [^;]*https:\/\/\*\.google-analytics\.com/)
    expect(csp).toMatch(/connect-src [^;]*https:\/\/\*\.analytics\.google\.com/)
    expect(csp.match(/script-src [^;]*/)?.[0]).not.toContain('unsafe-inline')
  })
})
