import type { BenefitPanel, OfferingList } from '../service-page.ts'

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
