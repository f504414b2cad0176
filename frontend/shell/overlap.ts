/** What a keyboard or pointer can act on: the elements a floating control must never hide. */
export const FOCUSABLE_SELECTOR =
  'a[href], button, summary, input:not([type=hidden]), select, textarea, [tabindex]:not([tabindex="-1"])'

export interface Box {
  readonly left: number
  readonly right: number
  readonly top: number
  readonly bottom: number
}

/** True when the two boxes share any area (touching edges do not count). */
export function overlaps(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom
}

/**
 * True when `floating` lies over any focusable element of `scope` other than itself (and other
 * than what sits in `except`, e.g. the fixed header). Reads layout, so call it once per frame.
 */
export function coversFocusable(floating: Element, scope: ParentNode, except: string): boolean {
  const box = floating.getBoundingClientRect()
  if (box.width === 0) return false
  for (const element of scope.querySelectorAll(FOCUSABLE_SELECTOR)) {
    if (element === floating || element.closest(except)) continue
    for (const rect of element.getClientRects()) if (overlaps(box, rect)) return true
  }
  return false
}
