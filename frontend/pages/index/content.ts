import { analyticsEvents } from '#frontend/analytics/events.ts'
import { site } from '#frontend/build-identity.ts'
import { contactFormHref } from '#shared/routes.ts'

export const meta = {
  title: `${site.name} | Digital Marketing Agency for UK Businesses`,
  description:
    'UK digital marketing agency offering SEO, social media, pay-per-click, email marketing and website development. Book your free consultation today.',
  keywords: [
    'digital marketing agency',
    'UK marketing agency',
    'SEO',
    'social media marketing',
    'PPC',
    'website development',
  ],
}

export const hero = {
  title: 'Elevate Your Digital Presence',
  subtitle:
    'We help UK businesses grow with data-driven SEO, social media, pay-per-click, email marketing and websites that convert. Start with a free consultation and a plan built around your goals.',
  primary: { label: 'Start Your Journey', href: contactFormHref },
  secondary: { label: 'Explore Services', href: '/services' },
} as const

export const services = {
  heading: 'Our Services',
  intro: 'Everything your business needs to be found, chosen and remembered online.',
  cards: [
    {
      icon: 'search',
      title: 'SEO',
      description: 'Climb the search results and win customers who are already looking for you.',
      features: [
        'Keyword research and strategy',
        'Technical SEO audits',
        'Local SEO for UK markets',
      ],
    },
    {
      icon: 'code',
      title: 'Website Development',
      description: 'Fast, secure, mobile-first websites designed to turn visitors into enquiries.',
      features: [
        'Custom responsive design',
        'Speed and Core Web Vitals',
        'Built-in SEO foundations',
      ],
    },
    {
      icon: 'share',
      title: 'Social Media Management',
      description: 'Consistent, on-brand content and campaigns that build a loyal audience.',
      features: ['Content planning and creation', 'Community management', 'Paid social campaigns'],
    },
    {
      icon: 'lineChart',
      title: 'Digital Analytics',
      description: 'Clear numbers that show what works, so every pound goes further.',
      features: ['Conversion tracking', 'Monthly performance reports', 'ROI analysis'],
    },
  ],
  viewAll: { label: 'View All Services', href: '/services' },
} as const

export const callToAction = {
  heading: 'Ready to Grow Your Business?',
  text: 'Book a free initial consultation. We will review where you are today, agree your goals and propose a plan with custom pricing. We reply within 24 hours.',
  tiles: [
    { kind: 'phone', title: 'Call Us', detail: site.phone },
    { kind: 'email', title: 'Email Us', detail: site.email },
    { kind: 'form', title: 'Contact Form', detail: 'Send us a message' },
  ],
  button: {
    label: 'Start Your Free Consultation',
    href: contactFormHref,
    event: analyticsEvents.ctaClick('Free Consultation CTA'),
  },
} as const
