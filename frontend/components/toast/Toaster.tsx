import {
  Toaster as ChakraToaster,
  createToaster,
  Portal,
  Stack,
  Toast,
  type ToastOptions,
} from '@chakra-ui/react'
import { useEffect, useRef } from 'react'
import { toastConfig } from './config.ts'
import { bindSwipeToDismiss } from './swipe.ts'

/** The site's one toaster, built from the spec's constants. */
export const toaster = createToaster({
  placement: toastConfig.placement,
  max: toastConfig.max,
  duration: toastConfig.durationMs,
  removeDelay: toastConfig.removeDelayMs,
  hotkey: [...toastConfig.hotkey],
  pauseOnPageIdle: true,
})

export interface Notification {
  readonly title: string
  readonly description?: string
  /** `error` is the spec's destructive style. */
  readonly type: 'success' | 'error'
}

/**
 * Shows a toast, replacing whatever is showing. A dismissed toast is kept (hidden) for the
 * spec's long removal delay and would still count against `max`, so the queue would hold a new
 * toast back for minutes; dropping the old ones first keeps "one visible at a time" truthful.
 */
export function notify({ title, description, type }: Notification): string {
  toaster.remove()
  return toaster.create({ title, description, type, closable: true })
}

/** Where toasts appear. Client-only: toast-host.tsx mounts it in a root of its own at the first toast. */
export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => <SwipeableToast toast={toast} />}
      </ChakraToaster>
    </Portal>
  )
}

function SwipeableToast({ toast }: { toast: ToastOptions }) {
  const ref = useRef<HTMLDivElement>(null)
  const { id } = toast
  useEffect(() => {
    const element = ref.current
    if (!element || id === undefined) return
    return bindSwipeToDismiss(element, () => toaster.dismiss(id), toastConfig.swipeThresholdPx)
  }, [id])

  return (
    <Toast.Root
      ref={ref}
      // A failure interrupts (alert, assertive); a success waits its turn (status, polite).
      role={toast.type === 'error' ? 'alert' : 'status'}
      aria-live={toast.type === 'error' ? 'assertive' : 'polite'}
      width={{ md: 'sm' }}
      touchAction="pan-y"
      cursor="grab"
      data-swipe-dismiss=""
      // Chakra's solid green is too light for white text (WCAG AA); go one step darker.
      css={{ '&[data-type=success]': { bg: 'green.700' } }}
      // A dismissed toast lingers for the removal delay: once faded, take it out of the
      // focus order and the accessibility tree too.
      _closed={{
        visibility: 'hidden',
        transition: 'translate 400ms, scale 400ms, opacity 200ms, visibility 0s 200ms',
      }}
    >
      <Toast.Indicator />
      <Stack gap="1" flex="1" maxWidth="100%">
        {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
        {toast.description && (
          // Full opacity: the recipe's 0.8 drops white-on-red below 4.5:1.
          <Toast.Description opacity="1">{toast.description}</Toast.Description>
        )}
      </Stack>
      {toast.closable && <Toast.CloseTrigger />}
    </Toast.Root>
  )
}
