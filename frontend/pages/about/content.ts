import { analyticsEvents } from '#frontend/analytics/events.ts'
import { site } from '#frontend/build-identity.ts'
import type { IconName } from '#frontend/components/Icon.tsx'
import { contactFormHref } from '#shared/routes.ts'

export const meta = {
  title: `About Us | ${site.name}`,
  description: `Meet ${site.name}, a UK digital marketing agency helping businesses grow with honest advice, tailored strategies and measurable results.`,
  keywords: [
    'about us',
    'UK digital marketing agency',
    'marketing agency story',
    'our mission',
    'ICO registered',
  ],
}

export const breadcrumb = 'About Us'

export const hero = {
  title: `About ${site.name}`,
  subtitle:
    'A UK digital marketing agency built on one idea: your marketing should earn its keep, and you should be able to see that it does.',
}

export const story = {
  heading: 'Our Story',
  paragraphs: [
    `${site.name} began with a frustration we kept hearing from business owners: agencies that locked them into long contracts, reported on vanity numbers and were hard to reach once the paperwork was signed.`,
    'We set out to be the opposite. We work month to month, so we keep your business by delivering results. We explain what we are doing and why, in plain English. And we check in every month, with numbers that tie back to enquiries and sales.',
    'Today we help businesses across the UK with search engine optimisation, social media, pay-per-click advertising, email marketing and websites, each shaped around the client rather than a package.',
  ],
}

export const mission = {
  heading: 'Our Mission',
  text: 'To give every business we work with the kind of marketing larger companies take for granted: a clear strategy, skilled people, honest reporting and a partner who cares about the outcome as much as they do.',
}

export const badges = [
  {
    icon: 'target',
    label: '100% Client Focused',
    detail: 'Your goals set our priorities, and one team knows your business.',
  },
  {
    icon: 'sliders',
    label: 'Custom Tailored Solutions',
    detail: 'Strategies and pricing built around you, never a one-size package.',
  },
  {
    icon: 'shield',
    label: 'ICO Registered',
    detail: 'A registered data controller that handles your data under UK GDPR.',
  },
] as const satisfies readonly { icon: IconName; label: string; detail: string }[]

export const image = {
  alt: 'Illustration of rising bar charts on a blue background, representing client growth',
} as const

export const imageBadge = { title: 'Premium Quality', text: 'Dedicated Service' }

export const closing = {
  heading: 'Let’s Talk About Your Goals',
  text: 'Book a free, no-obligation consultation. We reply within 24 hours.',
  actions: [
    {
      label: 'Book Your Free Consultation',
      href: contactFormHref,
      event: analyticsEvents.ctaClick('About Consultation CTA'),
    },
    { label: 'Read Our Values', href: '/values' },
  ],
} as const
