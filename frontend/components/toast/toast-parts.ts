/**
 * How the prerendered toast markup (ToastRegion.tsx) and its client code (toaster.ts) find each
 * other's parts, in one place so the two cannot drift apart.
 */
export const toastParts = {
  region: 'data-toast-region',
  regionLabel: 'Notifications',
  template: 'data-toast-template',
  title: 'data-toast-title',
  description: 'data-toast-description',
  close: 'data-toast-close',
  closeLabel: 'Dismiss notification',
} as const
