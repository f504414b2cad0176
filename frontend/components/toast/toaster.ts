import { toastConfig } from './config.ts'
import { bindSwipeToDismiss } from './swipe.ts'
import { toastParts } from './toast-parts.ts'

export interface Notification {
  readonly title: string
  readonly description?: string
  /** `error` is the spec's destructive style. */
  readonly type: 'success' | 'error'
}

export type ShowToast = (notification: Notification) => void

/**
 * The spec's toasts over their prerendered markup (ToastRegion.tsx): one visible at a time,
 * closing after 5 s (paused while the pointer or focus is on it, or the page is hidden), F8 to
 * reach them, a swipe right past 50 px or the close button to dismiss, and a dismissed toast kept
 * (hidden) for the removal delay. Plain DOM code in the form's own chunk, so a toast shows in the
 * same task as the status beside the button: React and Chakra's toaster cost a phone 2-3 s to
 * load and start (docs/decisions/0025). Returns undefined on a page without the region.
 */
export function createToaster(doc: Document = document): ShowToast | undefined {
  const region = doc.querySelector<HTMLElement>(`[${toastParts.region}]`)
  const template = doc.querySelector(`[${toastParts.template}] > *`)
  if (!region || !template) return undefined
  const win = doc.defaultView ?? window

  doc.addEventListener('keydown', (event) => {
    if (!(toastConfig.hotkey as readonly string[]).includes(event.key)) return
    if (region.querySelector('[data-state="open"]')) region.focus()
  })

  return (notification) => {
    // One at a time: whatever showed before goes, lingering dismissed ones included, so none
    // can count against the limit for the removal delay's 16 minutes.
    region.replaceChildren()
    const toast = template.cloneNode(true) as HTMLElement
    Object.assign(toast.dataset, { scope: 'toast', part: 'root', state: 'open' })
    toast.dataset.type = notification.type
    // A failure interrupts (alert, assertive); a success waits its turn (status, polite).
    toast.setAttribute('role', notification.type === 'error' ? 'alert' : 'status')
    toast.setAttribute('aria-atomic', 'true')
    const fill = (part: string, text: string | undefined) => {
      const element = toast.querySelector<HTMLElement>(`[${part}]`)
      if (!element) return
      element.textContent = text ?? ''
      element.hidden = !text
    }
    fill(toastParts.title, notification.title)
    fill(toastParts.description, notification.description)

    const timer = pausableTimer(win, toastConfig.durationMs, () => dismiss())
    const unbindSwipe = bindSwipeToDismiss(toast, () => dismiss(), toastConfig.swipeThresholdPx)
    const onVisibility = () => timer.hold('hidden', doc.visibilityState === 'hidden')
    doc.addEventListener('visibilitychange', onVisibility)
    toast.addEventListener('pointerenter', () => timer.hold('pointer', true))
    toast.addEventListener('pointerleave', () => timer.hold('pointer', false))
    toast.addEventListener('focusin', () => timer.hold('focus', true))
    toast.addEventListener('focusout', (event) => {
      if (!toast.contains(event.relatedTarget as Node | null)) timer.hold('focus', false)
    })
    toast.querySelector(`[${toastParts.close}]`)?.addEventListener('click', () => dismiss())

    function dismiss() {
      if (toast.dataset.state === 'closed') return
      timer.cancel()
      unbindSwipe()
      doc.removeEventListener('visibilitychange', onVisibility)
      // Focus must not stay on something about to be hidden.
      if (toast.contains(doc.activeElement)) region?.focus({ preventScroll: true })
      toast.dataset.state = 'closed'
      win.setTimeout(() => toast.remove(), toastConfig.removeDelayMs)
    }

    region.append(toast)
    onVisibility()
  }
}

/** A timer that stands still while any reason holds it, and runs out its remaining time after. */
function pausableTimer(win: Window, ms: number, onEnd: () => void) {
  const holds = new Set<string>()
  let remaining = ms
  let startedAt = 0
  let handle: number | undefined
  const run = () => {
    startedAt = win.performance.now()
    handle = win.setTimeout(onEnd, remaining)
  }
  const stop = () => {
    if (handle === undefined) return
    win.clearTimeout(handle)
    handle = undefined
    remaining -= win.performance.now() - startedAt
  }
  run()
  return {
    hold(reason: string, held: boolean) {
      if (held) holds.add(reason)
      else holds.delete(reason)
      if (holds.size > 0) stop()
      else if (handle === undefined && remaining > 0) run()
    },
    cancel() {
      stop()
      remaining = 0
    },
  }
}
