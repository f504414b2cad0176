/**
 * The spec's notification constants (§4 "Notification toasts", §9), stated once: the toaster is
 * built from them and the tests read them.
 */
export const toastConfig = {
  /** At most one toast is visible; a new one replaces it. */
  max: 1,
  /** Auto-close after this long. */
  durationMs: 5000,
  /** A dismissed toast stays (hidden) this long before it is removed. */
  removeDelayMs: 1_000_000,
  /** Focuses the notifications region. */
  hotkey: ['F8'],
  /** A swipe to the right further than this dismisses a toast. */
  swipeThresholdPx: 50,
  placement: 'bottom-end',
} as const
