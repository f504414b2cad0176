import { initConsent } from '../consent/banner.ts'
import { webManifestPath } from '../seo/web-manifest.ts'
import { coversFocusable } from './overlap.ts'
import { NAV_SCROLL_THRESHOLD_PX, SCROLL_TOP_THRESHOLD_PX } from './thresholds.ts'

/**
 * The behaviour every page shares, over the prerendered markup: the navigation bar's scroll
 * state, the small-screen menu closing on a link choice, a tap outside it, Escape, a scroll or
 * focus leaving it, the return-to-top button, the cookie banner with the analytics that wait for
 * its answer, and the web app manifest. Plain DOM code, so a page pays a couple of kilobytes for it rather than a
 * framework; it starts after the page's first paint (shared/scripts-after-paint.ts).
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
    if (scrollTop) {
      scrollTop.hidden = y <= SCROLL_TOP_THRESHOLD_PX
      // On a phone the button sits over the content column: it steps aside (invisible, out of
      // the tab order) while a link, question or field is beneath it, rather than hide it.
      scrollTop.toggleAttribute(
        'data-covering',
        !scrollTop.hidden && coversFocusable(scrollTop, doc, '[data-site-header]'),
      )
    }
  }
  const schedule = () => {
    if (!frame) frame = win.requestAnimationFrame(update)
  }
  win.addEventListener('scroll', schedule, { passive: true })
  win.addEventListener('resize', schedule, { passive: true })
  // An FAQ answer opening moves what lies under the button without any scroll.
  doc.addEventListener('toggle', schedule, { capture: true })
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
    // A tap anywhere else closes it, as does scrolling the page it would otherwise float over.
    doc.addEventListener('click', (event) => {
      if (mobileMenu.open && !mobileMenu.contains(event.target as Node)) mobileMenu.open = false
    })
    win.addEventListener(
      'scroll',
      () => {
        if (mobileMenu.open) mobileMenu.open = false
      },
      { passive: true },
    )
    // Focus moving on past it (Tab beyond its last link, or back before its toggle) closes it:
    // otherwise the next stop is a link hidden behind the open menu. A click on nothing
    // focusable inside it has no related target and leaves it open.
    mobileMenu.addEventListener('focusout', (event) => {
      const next = event.relatedTarget
      if (mobileMenu.open && next instanceof Node && !mobileMenu.contains(next)) {
        mobileMenu.open = false
      }
    })
    doc.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && mobileMenu.open) {
        mobileMenu.open = false
        mobileMenu.querySelector('summary')?.focus()
      }
    })
  }

  initConsent(doc, win)
  declareWebManifest(doc)
}

/**
 * The manifest only matters to install the site, and a browser fetches it as soon as it is
 * declared: declared here, after the first paint, it no longer competes with the page for it.
 */
function declareWebManifest(doc: Document): void {
  if (doc.querySelector('link[rel="manifest"]')) return
  const link = doc.createElement('link')
  link.rel = 'manifest'
  link.href = webManifestPath
  doc.head.append(link)
}
