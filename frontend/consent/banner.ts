import { grantAnalytics, setUpAnalytics, withdrawAnalytics } from '../analytics/gtag.ts'
import { trackDeclaredClicks, trackDeclaredViews } from '../analytics/track.ts'
import {
  ABOVE_BANNER_ATTRIBUTE,
  BANNER_DELAY_MS,
  BANNER_EXIT_MS,
  type ConsentChoice,
} from './constants.ts'
import { readConsent, saveConsent } from './storage.ts'

/** A focus ring's width and offset, kept clear of the banner along with the control it rings. */
const FOCUS_RING_ROOM_PX = 8

/**
 * The cookie banner's behaviour over its prerendered markup (components/CookieBanner.tsx), and
 * the analytics that follow the visitor's choice. Unset: the banner appears after 1.5 s. A
 * choice is stored, applied and the banner fades out; Close only hides it. The footer's
 * 'Cookie settings' button brings it back so the visitor can change their mind.
 */
export function initConsent(doc: Document, win: Window): void {
  const banner = doc.querySelector<HTMLElement>('[data-cookie-banner]')
  if (!banner) return
  const root = doc.documentElement
  const storage = () => win.localStorage
  const settings = doc.querySelector<HTMLElement>('[data-cookie-settings]')
  let timer = 0
  // The footer control that opened the banner, to hand focus back to when it closes.
  let opener: HTMLElement | null = null

  // While the banner is open (WCAG 2.2, 2.4.11 Focus Not Obscured): the page gets room below
  // its footer as tall as the banner, so its last controls can scroll clear of it, and
  // scroll-padding makes focus moved below the banner's top edge scroll the control above it,
  // with room for its focus ring. The return-to-top button and the toasts rise above it too
  // (their styles read the variable). The variable is set on those elements alone: on the root
  // element it would restyle the whole page (measured: 35-50 ms at 4x CPU slowdown, enough to
  // make showing the banner a long task); plain properties on the root and body restyle only
  // those two.
  new ResizeObserver(() => {
    const open = !banner.hidden
    const height = open ? `${banner.offsetHeight}px` : ''
    for (const floating of doc.querySelectorAll<HTMLElement>(`[${ABOVE_BANNER_ATTRIBUTE}]`)) {
      floating.style.setProperty('--cookie-banner-height', height)
    }
    root.style.scrollPaddingBottom = open ? `${banner.offsetHeight + FOCUS_RING_ROOM_PX}px` : ''
    doc.body.style.paddingBottom = height
  }).observe(banner)

  setUpAnalytics(banner.dataset.gaId, win)
  trackDeclaredClicks(doc)

  const apply = (choice: ConsentChoice | undefined) => {
    if (choice === 'accepted') {
      grantAnalytics(doc, win)
      trackDeclaredViews(doc)
    } else {
      withdrawAnalytics(doc, win)
    }
  }

  const show = () => {
    win.clearTimeout(timer)
    if (banner.dataset.state === 'open') return
    // The slide in comes from CSS (@starting-style), so showing costs one ordinary frame.
    banner.hidden = false
    banner.dataset.state = 'open'
  }

  const hide = () => {
    if (banner.hidden || banner.dataset.state === 'closed') return
    if (banner.contains(doc.activeElement)) {
      ;(opener ?? doc.getElementById('main'))?.focus({ preventScroll: true })
    }
    opener = null
    banner.dataset.state = 'closed'
    const reduceMotion = win.matchMedia('(prefers-reduced-motion: reduce)').matches
    win.clearTimeout(timer)
    timer = win.setTimeout(
      () => {
        banner.hidden = true
      },
      reduceMotion ? 0 : BANNER_EXIT_MS,
    )
  }

  const choose = (choice: ConsentChoice) => {
    const saved = saveConsent(choice, new Date(), storage)
    // Declining stops analytics even if it could not be remembered; accepting needs the record.
    if (saved || choice === 'declined') apply(choice)
    if (saved) hide()
  }

  banner.addEventListener('click', (event) => {
    const button = event.target instanceof Element && event.target.closest('button')
    if (!button) return
    const choice = button.dataset.consent
    if (choice === 'accepted' || choice === 'declined') choose(choice)
    else if (button.hasAttribute('data-consent-close')) hide()
  })
  banner.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') hide()
  })

  if (settings) {
    // The control is unseen in the HTML, for visitors without JavaScript; its place is kept.
    settings.closest('[data-awaits-script]')?.removeAttribute('data-awaits-script')
    settings.addEventListener('click', () => {
      opener = settings
      show()
      banner.focus()
    })
  }

  const stored = readConsent(storage)
  apply(stored)
  if (stored) return
  const startDelay = () => {
    timer = win.setTimeout(show, BANNER_DELAY_MS)
  }
  // A page prerendered ahead of a click (speculation rules) counts its 1.5 s from the visitor's
  // arrival, not from when the browser guessed they might come.
  if ((doc as Document & { prerendering?: boolean }).prerendering) {
    doc.addEventListener('prerenderingchange', startDelay, { once: true })
  } else {
    startDelay()
  }
}
