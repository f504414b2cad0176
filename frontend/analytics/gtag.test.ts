import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest'

/** gtag.ts keeps per-page state, so each test imports fresh modules into a fake page. */
async function freshPage(hostname = 'www.elevate-digital.example') {
  vi.resetModules()
  const gtag = await import('./gtag.ts')
  const { track } = await import('./track.ts')
  const appended: { async?: boolean; src?: string }[] = []
  const cookieWrites: string[] = []
  const doc = {
    cookie: '',
    createElement: () => ({}),
    head: { append: (element: { async?: boolean; src?: string }) => appended.push(element) },
  }
  Object.defineProperty(doc, 'cookie', {
    get: () => '_ga=GA1.1.1; theme=dark; _ga_ABC123=GS1.1.2',
    set: (value: string) => cookieWrites.push(value),
  })
  const win: Window & Record<string, unknown> = Object.assign(Object.create(null), {
    location: { hostname },
  })
  vi.stubGlobal('window', win)
  const entries = () =>
    (win.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>))
  const asDoc = doc as unknown as Document
  return { ...gtag, track, doc: asDoc, win, appended, cookieWrites, entries }
}

/** A fresh page on which the site has set Google Analytics up (consent not yet given). */
async function pageWithAnalytics() {
  const page = await freshPage()
  page.setUpAnalytics('G-ABC123', page.win)
  return page
}

const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
beforeEach(() => warn.mockClear())
afterAll(() => vi.unstubAllGlobals())

const event = { action: 'cta_click', category: 'engagement', label: 'Free Consultation CTA' }

describe('without a measurement id', () => {
  it("warns 'Missing required Google Analytics key' and never loads or sends anything", async () => {
    const page = await freshPage()
    page.setUpAnalytics(undefined, page.win)
    expect(warn).toHaveBeenCalledExactlyOnceWith('Missing required Google Analytics key')
    page.grantAnalytics(page.doc, page.win)
    page.track(event)
    expect(page.win.gtag).toBeUndefined()
    expect(page.win.dataLayer).toBeUndefined()
    expect(page.appended).toEqual([])
  })
})

describe('with a measurement id', () => {
  it('starts with Consent Mode defaults, everything denied, and sends nothing before consent', async () => {
    const page = await pageWithAnalytics()
    page.track(event)
    expect(page.entries()).toEqual([
      [
        'consent',
        'default',
        {
          ad_storage: 'denied',
          ad_user_data: 'denied',
          ad_personalization: 'denied',
          analytics_storage: 'denied',
        },
      ],
    ])
    expect(page.appended).toEqual([])
    expect(warn).not.toHaveBeenCalled()
  })

  it('on consent grants analytics storage only, loads gtag.js once, then tracks', async () => {
    const page = await pageWithAnalytics()
    page.grantAnalytics(page.doc, page.win)
    page.grantAnalytics(page.doc, page.win)
    page.track(event)
    expect(page.entries().slice(1)).toEqual([
      ['consent', 'update', { analytics_storage: 'granted' }],
      ['js', expect.any(Date)],
      ['config', 'G-ABC123'],
      [
        'event',
        'cta_click',
        { event_category: 'engagement', event_label: 'Free Consultation CTA' },
      ],
    ])
    expect(page.appended).toEqual([
      { async: true, src: 'https://www.googletagmanager.com/gtag/js?id=G-ABC123' },
    ])
    expect(page.win['ga-disable-G-ABC123']).toBe(false)
  })

  it('on withdrawal denies storage, switches gtag.js off, removes its cookies and tracks nothing more', async () => {
    const page = await pageWithAnalytics()
    page.grantAnalytics(page.doc, page.win)
    page.withdrawAnalytics(page.doc, page.win)
    page.track(event)
    expect(page.entries().at(-1)).toEqual(['consent', 'update', { analytics_storage: 'denied' }])
    expect(page.entries().filter((entry) => entry[0] === 'event')).toEqual([])
    expect(page.win['ga-disable-G-ABC123']).toBe(true)
    expect(page.analyticsGranted()).toBe(false)
    // Both Google cookies, on the host and on every parent domain; nothing else.
    for (const name of ['_ga', '_ga_ABC123']) {
      expect(page.cookieWrites).toEqual(
        expect.arrayContaining([
          `${name}=; max-age=0; path=/`,
          `${name}=; max-age=0; path=/; domain=www.elevate-digital.example`,
          `${name}=; max-age=0; path=/; domain=elevate-digital.example`,
        ]),
      )
    }
    expect(page.cookieWrites.some((write) => write.startsWith('theme='))).toBe(false)
  })
})
