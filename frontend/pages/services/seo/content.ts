import { site } from '#frontend/build-identity.ts'
import { contactFormHref } from '#shared/routes.ts'
import {
  type BenefitPanel,
  type OfferingList,
  type ServicePageContent,
  viewAllServices,
} from '../service-page.ts'

export const page = {
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
    features: ['Technical SEO audits', 'Keyword research and strategy', 'Local SEO for UK markets'],
  },
  hero: {
    title: 'SEO Services',
    subtitle:
      'Be found first by the customers already searching for you, with search engine optimisation built on research, not guesswork.',
    action: { label: 'Get SEO Consultation', href: contactFormHref },
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
    actions: [{ label: 'Start SEO Project', href: contactFormHref }, viewAllServices],
  },
} as const satisfies ServicePageContent

export const offerings = {
  heading: 'Our SEO Services',
  intro: 'Everything it takes to rank, from the technical foundations to the content on the page.',
  items: [
    {
      title: 'Technical SEO Audits',
      description:
        'Crawling, indexing, site speed and Core Web Vitals checked, with a prioritised list of fixes.',
    },
    {
      title: 'Keyword Research',
      description:
        'The searches your customers really make, ranked by intent, volume and how winnable they are.',
    },
    {
      title: 'On-Page Optimisation',
      description:
        'Titles, headings, content and internal links tuned so each page targets the right searches.',
    },
    {
      title: 'Local SEO',
      description:
        'Google Business Profile, local citations and reviews that put you in the map pack near you.',
    },
    {
      title: 'Content Strategy',
      description:
        'Helpful guides and landing pages planned around the questions your audience asks.',
    },
    {
      title: 'Link Building',
      description:
        'Relevant, reputable links earned through outreach and digital PR, never bought or swapped.',
    },
    {
      title: 'E-commerce SEO',
      description:
        'Product and category pages structured to rank for buying searches and convert the visit.',
    },
    {
      title: 'Competitor Analysis',
      description:
        'Where your rivals win their traffic, and the gaps in their strategy you can take from them.',
    },
  ],
} as const satisfies OfferingList

export const whySeoMatters = {
  heading: 'Why SEO Matters',
  text: 'Paid ads stop the moment the budget does. The rankings you earn keep bringing visitors month after month, so every improvement keeps paying back.',
  points: [
    'Organic results attract most of the clicks on a search page',
    'Visitors arrive already looking for what you sell',
    'High rankings signal trust and credibility',
    'Lower cost per lead over time than paid channels',
    'Results compound as your authority grows',
  ],
} as const satisfies BenefitPanel

export const process = {
  heading: 'Our SEO Process',
  intro: 'Five steps, repeated every month, so your rankings keep improving.',
  steps: [
    {
      title: 'Audit and Analysis',
      description:
        'We review your site, rankings, backlinks and competitors to see where you stand today.',
    },
    {
      title: 'Keyword Research',
      description: 'We find the searches worth winning and map each one to the right page.',
    },
    {
      title: 'Strategy Development',
      description: 'You get a clear plan of priorities, timescales and the results to expect.',
    },
    {
      title: 'Implementation',
      description: 'We make the technical fixes, optimise your pages and build your authority.',
    },
    {
      title: 'Monitoring and Reporting',
      description:
        'We track rankings, traffic and enquiries, report monthly and refine the plan as we go.',
    },
  ],
} as const
