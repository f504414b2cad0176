import { analyticsEvents } from '#frontend/analytics/events.ts'
import { site } from '#frontend/build-identity.ts'
import type { IconName } from '#frontend/components/Icon.tsx'
import { contactFormHref } from '#shared/routes.ts'
import { page as emailMarketing } from './email-marketing/content.ts'
import { page as ppc } from './ppc/content.ts'
import { page as seo } from './seo/content.ts'
import type { ServicePageContent } from './service-page.ts'
import { page as socialMedia } from './social-media/content.ts'
import { page as websiteDevelopment } from './website-development/content.ts'

export const meta = {
  title: `Digital Marketing Services | ${site.name}`,
  description:
    'SEO, social media marketing, pay-per-click, email marketing, website development and analytics for UK businesses, each tailored to your goals with custom pricing.',
  keywords: [
    'digital marketing services',
    'SEO',
    'social media marketing',
    'PPC management',
    'email marketing',
    'website development',
  ],
}

export const breadcrumb = 'Services'

export const hero = {
  title: 'Our Services',
  subtitle:
    'Everything your business needs to be found, chosen and remembered online, delivered by one team and measured every month.',
}

export const overview = {
  heading: 'How We Can Help',
  intro:
    'Choose a single service or combine them into one plan. Every engagement starts with a free consultation and comes with custom pricing.',
}

/** The five linked cards, drawn from each service page's own summary so the two never disagree. */
export const serviceCards: readonly (Pick<ServicePageContent, 'path' | 'summary'> & {
  readonly icon: IconName
})[] = [
  { ...seo, icon: 'search' },
  { ...socialMedia, icon: 'share' },
  { ...ppc, icon: 'cursor' },
  { ...emailMarketing, icon: 'mail' },
  { ...websiteDevelopment, icon: 'code' },
]

export const learnMore = 'Learn More'

/** Offered within every engagement, without a page of its own. */
export const analytics = {
  icon: 'chart',
  title: 'Analytics & Reporting',
  description:
    'Clear numbers on what works, included with every service so each pound goes further.',
  // Sentence case, like every other card's bullets (the spec lists the items in Title Case).
  items: [
    'Performance tracking',
    'Regular reporting',
    'Monthly reports',
    'ROI analysis',
    'Conversion tracking',
    'Growth recommendations',
  ],
} as const satisfies {
  icon: IconName
  title: string
  description: string
  items: readonly string[]
}

export const closing = {
  heading: 'Not Sure Where to Start?',
  text: 'Tell us about your business and goals. We will recommend the right mix of services and reply within 24 hours.',
  actions: [
    {
      label: 'Get Started Today',
      href: contactFormHref,
      event: analyticsEvents.ctaClick('Services Get Started CTA'),
    },
  ],
} as const
