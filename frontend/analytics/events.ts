/**
 * The analytics events the spec names, and the markup that asks the shell's analytics script to
 * send them. Pages are HTML-only, so tracking is declared with data attributes rather than
 * wired with per-page scripts; the script sends nothing until the visitor has consented.
 */
export interface AnalyticsEvent {
  /** The event's name, e.g. `cta_click`. */
  readonly action: string
  readonly category: string
  readonly label: string
}

export const analyticsEvents = {
  contactFormSubmit: {
    action: 'contact_form_submit',
    category: 'engagement',
    label: 'contact_page',
  },
  servicePageView: (serviceName: string) => ({
    action: 'service_page_view',
    category: 'engagement',
    label: serviceName,
  }),
  ctaClick: (label: string) => ({ action: 'cta_click', category: 'engagement', label }),
  /** The spec gives website development's button its own category and action. */
  websiteDevelopmentGetStarted: {
    action: 'get_started_button',
    category: 'cta_click',
    label: 'website_development',
  },
} as const satisfies Record<string, AnalyticsEvent | ((label: string) => AnalyticsEvent)>

export type TrackTrigger = 'click' | 'view'

/** Attributes to spread on an element: `view` sends the event once the page loads, `click` on each click. */
export function trackingAttributes(
  event: AnalyticsEvent,
  on: TrackTrigger,
): Record<string, string> {
  return {
    'data-track-on': on,
    'data-track-action': event.action,
    'data-track-category': event.category,
    'data-track-label': event.label,
  }
}

/** Reads an event back from an element carrying `trackingAttributes`. */
export function eventFromElement(element: Element): AnalyticsEvent | undefined {
  const action = element.getAttribute('data-track-action')
  const category = element.getAttribute('data-track-category')
  const label = element.getAttribute('data-track-label')
  return action && category && label ? { action, category, label } : undefined
}
