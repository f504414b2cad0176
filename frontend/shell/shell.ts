import { initConsent } from '../consent/banner.ts'
import { NAV_SCROLL_THRESHOLD_PX, SCROLL_TOP_THRESHOLD_PX } from './thresholds.ts'

/**
 * The behaviour every page shares, over the prerendered markup: the navigation bar's scroll
 * state, the small-screen menu closing on a link choice, the return-to-top button, and the cookie
 * banner with the analytics that wait for its answer.
 * Plain DOM code, so a page pays a couple of kilobytes for it rather than a framework.
 */
export function initShell(doc: Document = document, win: Window = window): void {
  const header = doc.querySelector<HTMLElement>('[data-site-header]')
  const scrollTop = doc.querySelector<HTMLButtonElement>('[data-scroll-top]')
  const mobileMenu = doc.querySelector<HTMLDetailsElement>('[data-mobile-menu]')

  let frame = 0
  const update = () => {
    frame = 0
    const y = win.scrollY
    header?.toggleAttribute('data-scrolled', y > NAV_SCROLL_THRESHOLD_PX)
    if (scrollTop) scrollTop.hidden = y <= SCROLL_TOP_THRESHOLD_PX
  }
  win.addEventListener(
    'scroll',
    () => {
      if (!frame) frame = win.requestAnimationFrame(update)
    },
    { passive: true },
  )
  update()

  scrollTop?.addEventListener('click', () => {
    const reduceMotion = win.matchMedia('(prefers-reduced-motion: reduce)').matches
    win.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' })
    // The button hides at the top; keep keyboard focus somewhere sensible.
    doc.getElementById('main')?.focus({ preventScroll: true })
  })

  if (mobileMenu) {
    mobileMenu.addEventListener('click', (event) => {
      if ((event.target as Element).closest('a')) mobileMenu.open = false
    })
    doc.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && mobileMenu.open) {
        mobileMenu.open = false
        mobileMenu.querySelector('summary')?.focus()
      }
    })
  }

  initConsent(doc, win)
}
