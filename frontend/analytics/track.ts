import { type AnalyticsEvent, eventFromElement } from './events.ts'
import { analyticsGranted } from './gtag.ts'

/**
 * Sends one of the spec's events through Google's page-level function. Without the visitor's
 * consent (or without a configured measurement id) it sends nothing, and queues nothing.
 */
export function track(event: AnalyticsEvent): void {
  if (!analyticsGranted()) return
  window.gtag?.('event', event.action, {
    event_category: event.category,
    event_label: event.label,
  })
}

/** Sends the events pages declare with `trackingAttributes(event, 'click')` when those elements are clicked. */
export function trackDeclaredClicks(doc: Document): void {
  doc.addEventListener('click', (event) => {
    const element = event.target instanceof Element && event.target.closest('[data-track-on=click]')
    const declared = element && eventFromElement(element)
    if (declared) track(declared)
  })
}

let viewsSent = false

/** Sends the page's `view` events, once per page, as soon as consent is known to be given. */
export function trackDeclaredViews(doc: Document): void {
  if (viewsSent || !analyticsGranted()) return
  viewsSent = true
  for (const element of doc.querySelectorAll('[data-track-on=view]')) {
    const declared = eventFromElement(element)
    if (declared) track(declared)
  }
}
