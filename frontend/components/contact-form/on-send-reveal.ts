import type { Box } from '#frontend/shell/overlap.ts'

/**
 * What floats over the page, fixed to the viewport: the header, the cookie banner, a toast and
 * the return-to-top button (even while it steps aside from a link beneath it: once the page has
 * scrolled it may come back). The result of a send is scrolled clear of them. (Here, not in the
 * shell: the shell's modules share one chunk that every page loads, and only the form needs this.)
 */
export const FLOATING_SELECTOR =
  '[data-site-header], [data-cookie-banner]:not([hidden]), [data-scroll-top]:not([hidden]), [data-toast-region] > [data-state="open"]'

/** Space left between what is revealed and what floats around it. */
const GAP_PX = 8

/**
 * How far to scroll (positive: down) so that `target` lies clear of every box in `floating` that
 * shares its columns: those in the upper half of the viewport push it down, those in the lower
 * half push it up. Zero when it is clear already. When it cannot fit between them, its top shows.
 */
export function scrollToClear(target: Box, floating: readonly Box[], viewportHeight: number) {
  let top = 0
  let bottom = viewportHeight
  for (const box of floating) {
    const sharesColumns = box.left < target.right && target.left < box.right
    if (!sharesColumns || box.bottom <= box.top) continue
    if ((box.top + box.bottom) / 2 < viewportHeight / 2) top = Math.max(top, box.bottom)
    else bottom = Math.min(bottom, box.top)
  }
  top += GAP_PX
  bottom -= GAP_PX
  const fits = target.bottom - target.top <= bottom - top
  if (target.top < top || !fits) return target.top - top
  if (target.bottom > bottom) return target.bottom - bottom
  return 0
}

/**
 * Moves focus to `element` and scrolls it clear of everything floating over the page, at once:
 * the visitor reads the result of what they just did where nothing covers it.
 */
export function revealAndFocus(element: HTMLElement, doc: Document = document): void {
  element.focus({ preventScroll: true })
  const win = doc.defaultView ?? window
  const floating = [...doc.querySelectorAll(FLOATING_SELECTOR)]
    .filter((box) => !box.contains(element))
    .map((box) => box.getBoundingClientRect())
  const delta = scrollToClear(element.getBoundingClientRect(), floating, win.innerHeight)
  if (delta !== 0) win.scrollBy({ top: delta, behavior: 'instant' })
}
