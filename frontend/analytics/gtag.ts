/**
 * Google Analytics under Consent Mode v2, loaded only with consent. Until the visitor accepts,
 * the page holds nothing but Google's consent defaults (everything denied) in `dataLayer`: no
 * script from Google, no request to it, no cookie. Accepting loads gtag.js; withdrawing turns
 * measurement off for the rest of the page and removes the cookies it set.
 */

declare global {
  interface Window {
    dataLayer?: unknown[]
    /** Google's page-level analytics function, defined once a measurement id is configured. */
    gtag?: (...args: unknown[]) => void
  }
}

export const GTAG_URL = 'https://www.googletagmanager.com/gtag/js'

type AnalyticsWindow = Pick<Window, 'dataLayer' | 'gtag'> & { location: Pick<Location, 'hostname'> }
type AnalyticsDocument = Pick<Document, 'cookie' | 'createElement' | 'head'>

let measurementId: string | undefined
let granted = false
let loaded = false

/** Whether events may be sent: an id is configured and the visitor has accepted on this page. */
export function analyticsGranted(): boolean {
  return granted
}

/** Call once per page, before anything else touches analytics; warns when no id was built in. */
export function setUpAnalytics(id: string | undefined, win: AnalyticsWindow): void {
  if (!id) {
    console.warn('Missing required Google Analytics key')
    return
  }
  measurementId = id
  win.dataLayer ??= []
  const dataLayer = win.dataLayer
  win.gtag = function gtag() {
    // gtag.js only acts on Arguments objects, not arrays: this is Google's own snippet.
    // biome-ignore lint/complexity/noArguments: see above
    dataLayer.push(arguments)
  }
  win.gtag('consent', 'default', {
    ad_storage: 'denied',
    ad_user_data: 'denied',
    ad_personalization: 'denied',
    analytics_storage: 'denied',
  })
}

/** The visitor accepted: measure from now on, loading gtag.js the first time. */
export function grantAnalytics(doc: AnalyticsDocument, win: AnalyticsWindow): void {
  const id = measurementId
  if (!id || granted || !win.gtag) return
  granted = true
  optOut(win, id, false)
  // Only analytics was asked about; advertising stays denied.
  win.gtag('consent', 'update', { analytics_storage: 'granted' })
  if (loaded) return
  loaded = true
  win.gtag('js', new Date())
  win.gtag('config', id)
  const script = doc.createElement('script')
  script.async = true
  script.src = `${GTAG_URL}?id=${encodeURIComponent(id)}`
  doc.head.append(script)
}

/** The visitor declined (or has not accepted): send nothing more and remove Google's cookies. */
export function withdrawAnalytics(doc: AnalyticsDocument, win: AnalyticsWindow): void {
  const id = measurementId
  granted = false
  if (id) {
    // Google's documented opt-out: gtag.js sends nothing at all for this id while it is set,
    // not even Consent Mode's cookieless pings.
    optOut(win, id, true)
    if (loaded) win.gtag?.('consent', 'update', { analytics_storage: 'denied' })
  }
  deleteAnalyticsCookies(doc, win.location.hostname)
}

/** Google's per-id switch, `window['ga-disable-G-…']`. */
function optOut(win: AnalyticsWindow, id: string, disabled: boolean): void {
  Reflect.set(win, `ga-disable-${id}`, disabled)
}

/** `_ga` and `_ga_<id>` live on the widest domain gtag.js could set them on, so try each suffix. */
function deleteAnalyticsCookies(doc: Pick<Document, 'cookie'>, hostname: string): void {
  const names = doc.cookie
    .split(';')
    .map((pair) => pair.split('=')[0]?.trim() ?? '')
    .filter((name) => name === '_ga' || name.startsWith('_ga_'))
  const labels = hostname.split('.')
  const domains = labels.map((_, i) => `; domain=${labels.slice(i).join('.')}`)
  for (const name of names) {
    for (const domain of ['', ...domains]) {
      doc.cookie = `${name}=; max-age=0; path=/${domain}`
    }
  }
}
