/**
 * Swipe-to-dismiss for toasts, which Chakra's toaster does not have: a pointer dragged right
 * further than the threshold dismisses; anything shorter springs back. Plain pointer events, so
 * mouse, pen and touch behave alike (`touch-action: pan-y` on the toast keeps vertical scrolling).
 */

/** How far right the toast follows a pointer that started at `startX` and is now at `x`. */
export function swipeOffset(startX: number, x: number): number {
  return Math.max(0, x - startX)
}

/** Whether a swipe that ended `offset` px to the right dismisses. */
export function isDismissingSwipe(offset: number, thresholdPx: number): boolean {
  return offset > thresholdPx
}

/** Movement below this is treated as a click, not a swipe, so buttons inside keep working. */
const DRAG_SLOP_PX = 4

/** Wires the gesture onto `element`; returns a function that removes it. */
export function bindSwipeToDismiss(
  element: HTMLElement,
  onDismiss: () => void,
  thresholdPx: number,
): () => void {
  let pointerId: number | undefined
  let startX = 0
  let dragging = false

  const follow = (offset: number) => {
    element.style.transform = offset ? `translateX(${offset}px)` : ''
    element.style.transition = offset ? 'none' : ''
  }
  const end = (dismiss: boolean) => {
    if (pointerId !== undefined && element.hasPointerCapture?.(pointerId)) {
      element.releasePointerCapture(pointerId)
    }
    pointerId = undefined
    dragging = false
    if (dismiss) {
      // Leave it where the finger let go; the toast's own exit transition fades it out.
      element.style.transition = ''
      onDismiss()
    } else {
      follow(0)
    }
  }

  const onPointerDown = (event: PointerEvent) => {
    if (event.button !== 0 || pointerId !== undefined) return
    pointerId = event.pointerId
    startX = event.clientX
  }
  const onPointerMove = (event: PointerEvent) => {
    if (event.pointerId !== pointerId) return
    const offset = swipeOffset(startX, event.clientX)
    if (!dragging && offset > DRAG_SLOP_PX) {
      dragging = true
      element.setPointerCapture?.(event.pointerId)
    }
    if (dragging) follow(offset)
  }
  const onPointerUp = (event: PointerEvent) => {
    if (event.pointerId !== pointerId) return
    end(dragging && isDismissingSwipe(swipeOffset(startX, event.clientX), thresholdPx))
  }
  const onPointerCancel = (event: PointerEvent) => {
    if (event.pointerId === pointerId) end(false)
  }

  element.addEventListener('pointerdown', onPointerDown)
  element.addEventListener('pointermove', onPointerMove)
  element.addEventListener('pointerup', onPointerUp)
  element.addEventListener('pointercancel', onPointerCancel)
  return () => {
    element.removeEventListener('pointerdown', onPointerDown)
    element.removeEventListener('pointermove', onPointerMove)
    element.removeEventListener('pointerup', onPointerUp)
    element.removeEventListener('pointercancel', onPointerCancel)
  }
}
