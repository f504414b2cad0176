import { analyticsEvents } from '#frontend/analytics/events.ts'
import { site } from '#frontend/build-identity.ts'
import type { CardSectionContent } from '#frontend/components/CardGrid.tsx'
import { contactFormHref } from '#shared/routes.ts'

export const meta = {
  title: `Why Choose Us | ${site.name}`,
  description: `Why UK businesses choose ${site.name}: a free consultation, custom pricing, monthly check-ins, local exclusivity within 5 miles and a reply within 24 hours.`,
  keywords: [
    'why choose us',
    'best digital marketing agency UK',
    'no long-term contract marketing',
    'marketing agency exclusivity',
    'free marketing consultation',
  ],
}

export const breadcrumb = 'Why Choose Us'

export const hero = {
  title: 'Why Choose Us',
  subtitle:
    'A marketing partner that earns your business every month: clear advice, measurable results and no long-term contracts.',
}

export const benefits = {
  heading: 'The Benefits of Working With Us',
  intro: 'What you can expect from the first conversation onwards.',
  cards: [
    {
      icon: 'chart',
      title: 'Data-Driven Strategies',
      description:
        'Decisions based on your data and market research, so budget goes where it brings the best return.',
    },
    {
      icon: 'users',
      title: 'A Dedicated Team',
      description:
        'Specialists in search, social, advertising, email and web who know your business and your goals.',
    },
    {
      icon: 'eye',
      title: 'Transparent Reporting',
      description:
        'Monthly reports in plain English that show what we did, what it achieved and what comes next.',
    },
    {
      icon: 'pound',
      title: 'Custom Pricing',
      description:
        'You pay for the work your business needs, priced for your goals rather than a fixed package.',
    },
    {
      icon: 'pin',
      title: 'Local Exclusivity',
      description:
        'We never take on a competitor for the same direct services within a 5-mile radius of you.',
    },
    {
      icon: 'clock',
      title: 'Fast Response',
      description: 'Every enquiry and client question receives a reply within 24 hours.',
    },
  ],
} as const satisfies CardSectionContent

export const advantages = {
  heading: 'Our Advantages',
  points: [
    'A free initial consultation with no obligation',
    'Month-to-month agreements with no long-term contract',
    'Monthly check-ins to review results and agree priorities',
    'Exclusivity within a 5-mile radius for the same direct services',
    'A reply to every enquiry within 24 hours',
    'An ICO registered data controller, handling your data under UK GDPR',
  ],
}

export const promise = {
  heading: 'Our Promise',
  paragraphs: [
    'We will tell you honestly what we think will work for your business, and what will not. We will agree clear goals with you, report on them every month and keep improving until we reach them.',
    'If we are not delivering, you are free to leave with 30 days’ notice. We would rather keep your business by earning it.',
  ],
}

export const closing = {
  heading: 'See the Difference for Yourself',
  text: 'Book a free consultation and get an honest view of where your marketing could take you.',
  actions: [
    {
      label: 'Book Your Free Consultation',
      href: contactFormHref,
      event: analyticsEvents.ctaClick('Why Choose Us Consultation CTA'),
    },
  ],
} as const
