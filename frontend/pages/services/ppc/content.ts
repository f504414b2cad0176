import type { CardSectionContent } from '#frontend/components/CardGrid.tsx'
import type { BenefitPanel, OfferingList } from '../service-page.ts'

export const offerings = {
  heading: 'Our PPC Services',
  intro: 'Full management of your paid campaigns, from set-up to daily optimisation.',
  items: [
    {
      title: 'Campaign Strategy and Set-Up',
      description:
        'Account structure, targeting and budgets planned around your goals and margins.',
    },
    {
      title: 'Keyword Research',
      description:
        'High-intent searches to bid on, and the negative keywords that stop wasted spend.',
    },
    {
      title: 'Ad Copywriting',
      description:
        'Compelling adverts with clear offers and extensions, tested to raise click-through rates.',
    },
    {
      title: 'Shopping Campaigns',
      description: 'Product feeds optimised so your products appear with prices and images.',
    },
    {
      title: 'Display and Remarketing',
      description: 'Stay in front of people who visited your site but have not yet bought.',
    },
    {
      title: 'Landing Page Optimisation',
      description: 'Pages matched to each advert and tested to turn more clicks into enquiries.',
    },
    {
      title: 'Conversion Tracking',
      description: 'Calls, forms and sales measured accurately, so decisions rest on real results.',
    },
    {
      title: 'Bid and Budget Management',
      description: 'Bids adjusted continuously to put your budget where it earns the most.',
    },
  ],
} as const satisfies OfferingList

export const benefits = {
  heading: 'Benefits of PPC',
  text: 'Unlike most marketing, pay-per-click gives you control over exactly who sees your message, when, and what you pay for it.',
  points: [
    'Appear above organic results from day one',
    'Pay only when someone clicks your advert',
    'Scale spend up or down at any time',
    'Test offers and messages quickly',
    'Complements your SEO while rankings grow',
  ],
} as const satisfies BenefitPanel

export const reasons = {
  heading: 'Why Choose PPC?',
  intro: 'Four reasons pay-per-click belongs in your marketing mix.',
  cards: [
    {
      icon: 'zap',
      title: 'Immediate Results',
      description: 'Campaigns can start bringing visitors within hours of going live, not months.',
    },
    {
      icon: 'target',
      title: 'Precise Targeting',
      description:
        'Reach people by search term, location, device, time of day, audience and interests.',
    },
    {
      icon: 'chart',
      title: 'Measurable ROI',
      description: 'See what every pound returns, down to the keyword and the advert.',
    },
    {
      icon: 'sliders',
      title: 'Budget Control',
      description: 'Set daily limits, change them whenever you like and never overspend.',
    },
  ],
} as const satisfies CardSectionContent

export const platforms = {
  heading: 'Platforms We Manage',
  intro: 'We run campaigns wherever your customers are searching and scrolling.',
  cards: [
    {
      icon: 'search',
      title: 'Google Ads',
      description:
        'Search, Shopping, Display and YouTube campaigns on the UK’s most used search engine.',
    },
    {
      icon: 'thumbsUp',
      title: 'Facebook Ads',
      description:
        'Adverts on Facebook and Instagram targeted by interests, behaviour and lookalike audiences.',
    },
    {
      icon: 'briefcase',
      title: 'LinkedIn Ads',
      description: 'Reach decision-makers by job title, seniority, industry and company size.',
    },
    {
      icon: 'cursor',
      title: 'Microsoft Ads',
      description:
        'Search ads on Bing and partner sites, reaching a distinct audience, often at a lower cost per click.',
    },
  ],
} as const satisfies CardSectionContent
