import { analyticsEvents } from '#frontend/analytics/events.ts'
import { site } from '#frontend/build-identity.ts'
import type { IconName } from '#frontend/components/Icon.tsx'
import type { LinkAction } from '#frontend/components/LinkButton.tsx'
import { contactFormHref } from '#shared/routes.ts'
import { type ServicePageContent, viewAllServices } from './service-page.ts'

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

/** A service page's buttons to the contact form: the hero's, and the closing block's first. */
const toContactForm = (label: string): LinkAction => ({ label, href: contactFormHref })

/**
 * What every service page has in the same shape, one record per service: its head tags, its card
 * on this page, and the hero, intro and closing call to action that ServicePage draws around the
 * page's own sections (which stay in the service's folder). Each closing block follows the spec's
 * buttons: its own to the contact form, then View All Services; website development's is the
 * spec's single tracked Get Started Today.
 */
export const servicePages = {
  seo: {
    meta: {
      title: `SEO Services for UK Businesses | ${site.name}`,
      description:
        'Search engine optimisation that wins customers: technical audits, keyword research, on-page, local and e-commerce SEO, link building and clear monthly reporting.',
      keywords: [
        'SEO services',
        'search engine optimisation',
        'SEO agency UK',
        'local SEO',
        'technical SEO audit',
        'keyword research',
      ],
    },
    path: '/services/seo',
    serviceName: 'SEO Services',
    breadcrumb: 'SEO',
    summary: {
      title: 'Search Engine Optimisation',
      description:
        'Rank higher on Google and win customers who are already searching for what you offer.',
      features: [
        'Technical SEO audits',
        'Keyword research and strategy',
        'Local SEO for UK markets',
      ],
    },
    hero: {
      title: 'SEO Services',
      subtitle:
        'Be found first by the customers already searching for you, with search engine optimisation built on research, not guesswork.',
      action: toContactForm('Get SEO Consultation'),
    },
    intro: {
      heading: 'Search Engine Optimisation That Brings You Customers',
      paragraphs: [
        'Most buying decisions start with a search. If your business is not on the first page, those customers go to a competitor. Our SEO work puts you in front of them at the moment they are ready to act.',
        'We fix what holds your site back, target the searches that lead to sales and build the authority Google rewards. Every month you see what changed, what it earned and what we are doing next.',
      ],
    },
    closing: {
      heading: 'Ready to Climb the Rankings?',
      text: 'Start with a free consultation: we will review your site, show you where the opportunities are and propose a plan with custom pricing.',
      actions: [toContactForm('Start SEO Project'), viewAllServices],
    },
  },
  socialMedia: {
    meta: {
      title: `Social Media Marketing Agency | ${site.name}`,
      description:
        'Social media marketing for UK businesses: strategy, content creation, community management and paid social on Facebook, Instagram, LinkedIn, Twitter, TikTok and YouTube.',
      keywords: [
        'social media marketing',
        'social media agency UK',
        'social media management',
        'paid social advertising',
        'content creation',
        'community management',
      ],
    },
    path: '/services/social-media',
    serviceName: 'Social Media Marketing',
    breadcrumb: 'Social Media Marketing',
    summary: {
      title: 'Social Media Marketing',
      description:
        'Build a loyal audience with consistent, on-brand content and campaigns that drive action.',
      features: ['Content planning and creation', 'Community management', 'Paid social campaigns'],
    },
    hero: {
      title: 'Social Media Marketing',
      subtitle:
        'Turn followers into customers with a social presence that is consistent, on-brand and built around measurable goals.',
      action: toContactForm('Start Social Strategy'),
    },
    intro: {
      heading: 'Social Media That Builds Your Brand and Your Sales',
      paragraphs: [
        'Your customers spend hours on social media every week. We make sure they see you there, with content worth stopping for and campaigns aimed at the people most likely to buy.',
        'From the first content calendar to the monthly report, we handle the planning, posting, replying and advertising, so your channels grow while you run your business.',
      ],
    },
    closing: {
      heading: 'Ready to Grow Your Social Presence?',
      text: 'Tell us about your audience and goals. We will recommend the right platforms and a content and advertising plan with custom pricing.',
      actions: [toContactForm('Start Social Campaign'), viewAllServices],
    },
  },
  ppc: {
    meta: {
      title: `PPC Management Services | ${site.name}`,
      description:
        'Pay-per-click advertising managed for return on spend: Google Ads, Facebook Ads, LinkedIn Ads and Microsoft Ads campaigns with conversion tracking and monthly reports.',
      keywords: [
        'PPC management',
        'pay-per-click advertising',
        'Google Ads agency',
        'Microsoft Ads',
        'paid search UK',
        'PPC agency',
      ],
    },
    path: '/services/ppc',
    serviceName: 'PPC Management',
    breadcrumb: 'Pay-Per-Click',
    summary: {
      title: 'Pay-Per-Click Advertising',
      description:
        'Put your business at the top of search results today, paying only when someone clicks.',
      features: ['Google Ads management', 'Conversion tracking', 'Landing page optimisation'],
    },
    hero: {
      title: 'PPC Management',
      subtitle:
        'Reach customers the moment they search, with pay-per-click campaigns managed for profit, not just clicks.',
      action: toContactForm('Start PPC Campaign'),
    },
    intro: {
      heading: 'Pay-Per-Click Advertising That Pays Its Way',
      paragraphs: [
        'PPC puts your business at the top of the page for the searches that matter, from the day your campaign goes live. The challenge is making every pound of spend work, and that is what we do.',
        'We build campaigns around your margins and goals, track every call and enquiry they produce, and keep testing adverts, keywords and bids so your cost per customer keeps falling.',
      ],
    },
    closing: {
      heading: 'Ready to Launch Your Campaign?',
      text: 'Book a free consultation. We will review any existing account, estimate what your budget can achieve and propose a plan with custom pricing.',
      actions: [toContactForm('Launch PPC Campaign'), viewAllServices],
    },
  },
  emailMarketing: {
    meta: {
      title: `Email Marketing Services | ${site.name}`,
      description:
        'GDPR-compliant email marketing for UK businesses: strategy, design, automation, segmentation and testing, from welcome series to abandoned cart recovery.',
      keywords: [
        'email marketing',
        'email marketing agency UK',
        'email automation',
        'newsletter design',
        'abandoned cart emails',
        'GDPR email marketing',
      ],
    },
    path: '/services/email-marketing',
    serviceName: 'Email Marketing',
    breadcrumb: 'Email Marketing',
    summary: {
      title: 'Email Marketing',
      description:
        'Nurture leads and bring customers back with well-timed, personal emails they want to open.',
      features: ['Automated email journeys', 'List segmentation', 'GDPR-compliant practices'],
    },
    hero: {
      title: 'Email Marketing',
      subtitle:
        'Reach your customers directly in their inbox with personal, well-timed emails that build loyalty and drive sales.',
      action: toContactForm('Start Email Strategy'),
    },
    intro: {
      heading: 'Email Marketing That Turns Subscribers Into Customers',
      paragraphs: [
        'Your email list is an audience you own: no algorithm decides whether they see your message. Used well, it is one of the most profitable channels a business has.',
        'We plan, write, design and automate emails that reach the right person at the right moment, and we do it within UK GDPR and PECR, so your list stays healthy and your reputation stays intact.',
      ],
    },
    closing: {
      heading: 'Ready to Make Email Work Harder?',
      text: 'Book a free consultation. We will look at your list, your current emails and your goals, then propose a plan with custom pricing.',
      actions: [toContactForm('Launch Email Campaign'), viewAllServices],
    },
  },
  websiteDevelopment: {
    meta: {
      title: `Website Development Services | ${site.name}`,
      description:
        'Custom, mobile-first websites for UK businesses: designed to convert, optimised for search, fast, secure and supported after launch.',
      keywords: [
        'website development',
        'web design agency UK',
        'custom website design',
        'mobile-first websites',
        'SEO-optimised websites',
        'small business websites',
      ],
    },
    path: '/services/website-development',
    serviceName: 'Website Development',
    breadcrumb: 'Website Development',
    summary: {
      title: 'Website Development',
      description:
        'Fast, secure, mobile-first websites designed to turn visitors into enquiries and sales.',
      features: [
        'Custom responsive design',
        'Speed and Core Web Vitals',
        'Built-in SEO foundations',
      ],
    },
    hero: {
      title: 'Website Development',
      subtitle:
        'A website that looks the part, loads in a blink and turns visitors into enquiries: designed, built and supported by one team.',
      action: toContactForm('Start Website Project'),
    },
    intro: {
      heading: 'Websites Built to Grow Your Business',
      paragraphs: [
        'Your website is often the first impression a customer has of your business, and the place where they decide whether to get in touch. It should be working for you around the clock.',
        'We design and build every site around your customers and your goals, with the speed, accessibility and search foundations that marketing needs to succeed, and we stay on hand after launch.',
      ],
    },
    closing: {
      heading: 'Ready for a Website That Works as Hard as You Do?',
      text: 'Tell us about your business and what your website needs to achieve. We will reply within 24 hours to arrange your free consultation.',
      actions: [
        {
          label: 'Get Started Today',
          href: contactFormHref,
          event: analyticsEvents.websiteDevelopmentGetStarted,
        },
      ],
    },
  },
} as const satisfies Record<string, ServicePageContent>

/** The five linked cards, drawn from each service page's own summary so the two never disagree. */
export const serviceCards: readonly (Pick<ServicePageContent, 'path' | 'summary'> & {
  readonly icon: IconName
})[] = [
  { ...servicePages.seo, icon: 'search' },
  { ...servicePages.socialMedia, icon: 'share' },
  { ...servicePages.ppc, icon: 'cursor' },
  { ...servicePages.emailMarketing, icon: 'mail' },
  { ...servicePages.websiteDevelopment, icon: 'code' },
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
