import { describe, expect, it } from 'vitest'
import { analyticsEvents, trackingAttributes } from './events.ts'

describe('analytics events', () => {
  it("match the spec's names, categories and labels", () => {
    expect(analyticsEvents.contactFormSubmit).toEqual({
      action: 'contact_form_submit',
      category: 'engagement',
      label: 'contact_page',
    })
    expect(analyticsEvents.servicePageView('SEO Services')).toEqual({
      action: 'service_page_view',
      category: 'engagement',
      label: 'SEO Services',
    })
    expect(analyticsEvents.ctaClick('Free Consultation CTA')).toEqual({
      action: 'cta_click',
      category: 'engagement',
      label: 'Free Consultation CTA',
    })
    expect(analyticsEvents.websiteDevelopmentGetStarted).toEqual({
      action: 'get_started_button',
      category: 'cta_click',
      label: 'website_development',
    })
  })

  it('declares an event as data attributes', () => {
    expect(trackingAttributes(analyticsEvents.ctaClick('Free Consultation CTA'), 'click')).toEqual({
      'data-track-on': 'click',
      'data-track-action': 'cta_click',
      'data-track-category': 'engagement',
      'data-track-label': 'Free Consultation CTA',
    })
  })
})
