import { lazyImport } from '../../lazy-import.ts'
import type { Notification } from './Toaster.tsx'

type ToastHost = typeof import('./toast-host.tsx')

/**
 * Starts loading the toasts' code (React and Chakra, the heaviest part of the site's JavaScript)
 * if it is not loaded yet; a failed load is tried again on the next call.
 */
export const preloadToasts: () => Promise<ToastHost> = lazyImport(() => import('./toast-host.tsx'))

/**
 * Shows a toast once its code is there. If that code cannot load, the page says the same thing
 * where the toast was asked for (the form's status beside its button), so nothing is lost.
 */
export function notify(notification: Notification): void {
  preloadToasts().then(
    ({ showToast }) => showToast(notification),
    (error: unknown) => console.error('Notifications could not load:', error),
  )
}
