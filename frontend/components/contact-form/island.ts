/**
 * The contact form's island: the prerendered form lives in an element with this attribute, and
 * the page's client script hydrates it (and only it) when the form is about to be used.
 */
export const ISLAND_ATTRIBUTE = 'data-contact-form-island'

/** How close (px) the form must come to the viewport before its code is fetched. */
export const NEAR_VIEWPORT_MARGIN_PX = 200

interface Environment {
  readonly IntersectionObserver?: typeof IntersectionObserver
}

/**
 * Calls `load` once, at the first of: the element nearing the viewport, focus entering it, or a
 * pointer pressed on it. Returns a function that cancels the wait.
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
    element.removeEventListener('focusin', trigger)
    element.removeEventListener('pointerdown', trigger)
  }
  function trigger() {
    if (done) return
    cancel()
    load()
  }
  element.addEventListener('focusin', trigger)
  element.addEventListener('pointerdown', trigger)
  if (env.IntersectionObserver) {
    observer = new env.IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) trigger()
      },
      { rootMargin: `${NEAR_VIEWPORT_MARGIN_PX}px 0px` },
    )
    observer.observe(element)
  } else {
    // Without the observer, do not risk never loading: fetch it straight away.
    trigger()
  }
  return cancel
}
