import { analyticsEvents } from '#frontend/analytics/events.ts'
import { site } from '#frontend/build-identity.ts'
import type { CardSectionContent } from '#frontend/components/CardGrid.tsx'
import { contactFormHref } from '#shared/routes.ts'

export const meta = {
  title: `Our Values | ${site.name}`,
  description: `The six values behind everything ${site.name} does: results, transparency, innovation, collaboration, integrity and excellence.`,
  keywords: ['our values', 'agency values', 'transparent marketing', 'results-focused marketing'],
}

export const breadcrumb = 'Our Values'

export const hero = {
  title: 'Our Values',
  subtitle:
    'Six principles shape how we work, what we recommend and how we treat the businesses that trust us with their growth.',
}

export const values = {
  heading: 'What We Stand For',
  intro: 'These are not posters on a wall. They are the standards you can hold us to.',
  cards: [
    {
      icon: 'target',
      title: 'Results-Focused',
      description:
        'We measure success by the enquiries, sales and growth we deliver, not by clicks or likes alone.',
    },
    {
      icon: 'eye',
      title: 'Transparency',
      description:
        'Clear pricing, honest advice and reports you can understand. You always know what we are doing and why.',
    },
    {
      icon: 'bulb',
      title: 'Innovation',
      description:
        'We keep up with every change in search, social and advertising, and test new ideas before our clients need them.',
    },
    {
      icon: 'users',
      title: 'Collaboration',
      description:
        'We work as an extension of your team, sharing knowledge and agreeing priorities at monthly check-ins.',
    },
    {
      icon: 'shield',
      title: 'Integrity',
      description:
        'We only recommend what will genuinely help, protect your data as carefully as our own and keep every promise we make.',
    },
    {
      icon: 'award',
      title: 'Excellence',
      description:
        'High standards in every campaign, line of copy and line of code, reviewed and improved month after month.',
    },
  ],
} as const satisfies CardSectionContent

export const closing = {
  heading: 'Work With a Team That Shares Your Values',
  text: 'Find out what these principles could mean for your business in a free consultation.',
  actions: [
    {
      label: 'Start Your Free Consultation',
      href: contactFormHref,
      event: analyticsEvents.ctaClick('Values Consultation CTA'),
    },
  ],
} as const
