import type { CardSectionContent } from '#frontend/components/CardGrid.tsx'
import type { BenefitPanel, OfferingList } from '../service-page.ts'

export const offerings = {
  heading: 'Our Email Marketing Services',
  intro: 'Everything from the strategy to the send button, measured from open to sale.',
  items: [
    {
      title: 'Email Strategy',
      description:
        'A plan for what to send, to whom and when, tied to your sales goals and customer journey.',
    },
    {
      title: 'Template Design',
      description: 'On-brand, mobile-friendly templates that look right in every major inbox.',
    },
    {
      title: 'Copywriting',
      description: 'Subject lines that get opened and copy that gets clicked.',
    },
    {
      title: 'Marketing Automation',
      description: 'Triggered journeys that send the right email when a customer takes an action.',
    },
    {
      title: 'List Segmentation',
      description: 'Audiences grouped by behaviour and interests, so every email feels personal.',
    },
    {
      title: 'A/B Testing',
      description: 'Subject lines, content and timing tested to lift results with every send.',
    },
    {
      title: 'Performance Analytics',
      description:
        'Opens, clicks, conversions and revenue reported monthly, with clear next steps.',
    },
    {
      title: 'GDPR-Compliant Practices',
      description:
        'Consent capture, easy unsubscribes and data handling that meet UK GDPR and PECR.',
    },
  ],
} as const satisfies OfferingList

export const roi = {
  heading: 'The ROI of Email Marketing',
  text: 'Email consistently ranks among the highest-returning marketing channels. There is no cost per click to reach your own subscribers, and every open, click and sale can be measured.',
  points: [
    'Low cost per message, even as your list grows',
    'Automated emails keep selling while you sleep',
    'Personalised messages drive repeat purchases',
    'Every campaign measured down to the revenue it earned',
  ],
} as const satisfies BenefitPanel

export const campaignTypes = {
  heading: 'Campaigns We Create',
  intro: 'Six campaign types that cover the whole customer journey.',
  cards: [
    {
      icon: 'mail',
      title: 'Welcome Series',
      description:
        'Introduce your brand to new subscribers and turn their first interest into a first order.',
    },
    {
      icon: 'news',
      title: 'Newsletters',
      description: 'Regular, useful updates that keep your business front of mind.',
    },
    {
      icon: 'gift',
      title: 'Promotional Campaigns',
      description: 'Launches, offers and seasonal sales sent to the customers most likely to act.',
    },
    {
      icon: 'cart',
      title: 'Abandoned Cart Recovery',
      description: 'Timely reminders that win back sales left in the basket.',
    },
    {
      icon: 'refresh',
      title: 'Re-engagement Campaigns',
      description: 'Win back quiet subscribers, or tidy your list so your emails keep landing.',
    },
    {
      icon: 'calendar',
      title: 'Event and Webinar Invitations',
      description:
        'Invitations, reminders and follow-ups that fill seats and continue the conversation.',
    },
  ],
} as const satisfies CardSectionContent

export const process = {
  heading: 'Our Email Marketing Process',
  intro: 'Four steps from a blank page to a programme that keeps improving.',
  steps: [
    {
      title: 'Strategy and Planning',
      description: 'We agree your goals, audiences and the campaigns and journeys to build first.',
    },
    {
      title: 'List Building',
      description:
        'We grow your list with consented sign-ups from your website, social media and events.',
    },
    {
      title: 'Campaign Creation',
      description: 'We write, design, test and schedule each email and automated journey.',
    },
    {
      title: 'Optimisation',
      description: 'We measure every send, test improvements and report the results monthly.',
    },
  ],
} as const
