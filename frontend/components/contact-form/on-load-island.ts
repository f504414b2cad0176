/**
 * The contact form's island: the prerendered form lives in an element with this attribute, and
 * the page's client script brings its code (on-use-enhance.ts) when the form is about to be used.
 */
export const ISLAND_ATTRIBUTE = 'data-contact-form-island'

/** How close (px) the form must come to the viewport before its code is fetched. */
export const NEAR_VIEWPORT_MARGIN_PX = 200

/** Signs of use on the form itself: the pointer reaching it, a press, focus entering it. */
export const INTENT_EVENTS = ['pointerenter', 'pointerdown', 'focusin'] as const

interface Environment {
  readonly IntersectionObserver?: typeof IntersectionObserver
}

/**
 * Calls `load` once, at the first sign the form is about to be used: the pointer entering it, a
 * press on it, focus entering it, or the visitor scrolling it near the viewport.
 *
 * A form already in view when the page loads (a desktop screen) waits for the pointer or focus:
 * loading a page is no sign of wanting to write, and nothing should compete with the page's own
 * load (docs/decisions/0025-contact-form-without-react-on-the-client.md).
 * The prerendered form works natively until the code arrives and keeps whatever is typed.
 * Returns a function that cancels the wait.
 */
export function whenNeeded(
  element: HTMLElement,
  load: () => void,
  env: Environment = globalThis,
): () => void {
  let done = false
  let observer: IntersectionObserver | undefined
  const cancel = () => {
    done = true
    observer?.disconnect()
    for (const type of INTENT_EVENTS) element.removeEventListener(type, trigger)
  }
  function trigger() {
    if (done) return
    cancel()
    load()
  }
  for (const type of INTENT_EVENTS) element.addEventListener(type, trigger)
  // A visitor quicker than this script (a slow phone, a field focused while the page loads)
  // has shown intent already, and the events it missed will not come again.
  if (element.matches(':focus-within, :hover')) {
    trigger()
    return cancel
  }
  if (env.IntersectionObserver) {
    // The observer's first report is where the form was when this script started; only a later
    // one is a scroll.
    let initial = true
    observer = new env.IntersectionObserver(
      (entries) => {
        const near = entries.some((entry) => entry.isIntersecting)
        if (initial) {
          initial = false
          if (near) observer?.disconnect()
        } else if (near) trigger()
      },
      { rootMargin: `${NEAR_VIEWPORT_MARGIN_PX}px 0px` },
    )
    observer.observe(element)
  }
  return cancel
}
