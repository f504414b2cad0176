import type { CardSectionContent } from '#frontend/components/CardGrid.tsx'
import type { BenefitPanel, OfferingList } from '../service-page.ts'

export const offerings = {
  heading: 'Our Social Media Services',
  intro: 'A complete service, from the strategy to the last reply in your comments.',
  items: [
    {
      title: 'Social Media Strategy',
      description:
        'Goals, audiences, platforms and tone of voice agreed up front, so every post has a purpose.',
    },
    {
      title: 'Content Creation',
      description: 'Graphics, short videos and captions designed for each platform and your brand.',
    },
    {
      title: 'Content Scheduling',
      description: 'A monthly calendar you approve in advance, published at the times that work.',
    },
    {
      title: 'Community Management',
      description:
        'Comments and messages answered promptly and in your voice, so no customer is ignored.',
    },
    {
      title: 'Paid Social Advertising',
      description:
        'Targeted campaigns that reach new customers and bring back those who visited your site.',
    },
    {
      title: 'Influencer Partnerships',
      description: 'Creators your customers trust, found, briefed and managed on your behalf.',
    },
    {
      title: 'Social Listening',
      description:
        'What people say about your brand and competitors, tracked so you can respond early.',
    },
    {
      title: 'Analytics and Reporting',
      description: 'Reach, engagement, clicks and sales reported monthly in plain English.',
    },
  ],
} as const satisfies OfferingList

export const impact = {
  heading: 'The Impact of Social Media',
  text: 'Social media is where customers discover brands, ask for recommendations and decide who to trust. A strong presence keeps you in their minds until they are ready to buy.',
  points: [
    'Reach customers where they already spend their time',
    'Build trust through a consistent, human brand voice',
    'Drive traffic and enquiries to your website',
    'Learn what your audience wants from their feedback',
    'Target adverts by location, interests and job role',
  ],
} as const satisfies BenefitPanel

/**
 * Each platform is shown with its own mark from the `simple-icons` package (see BrandMark).
 * LinkedIn is not in that set: LinkedIn asked for its mark to be withdrawn, so it appears as a
 * neutral text badge with its name rather than an imitation of its logo. Twitter is now X, and its
 * current mark is the X.
 */
export const platforms = {
  heading: 'Platforms We Manage',
  intro: 'We focus on the platforms your customers use, with content made for each one.',
  cards: [
    {
      mark: { brand: 'facebook', label: 'Facebook logo' },
      title: 'Facebook',
      description:
        'The widest reach of any network, with detailed ad targeting and strong local communities.',
    },
    {
      mark: { brand: 'instagram', label: 'Instagram logo' },
      title: 'Instagram',
      description:
        'Visual storytelling through posts, Stories and Reels, ideal for lifestyle and retail brands.',
    },
    {
      badge: 'LinkedIn',
      title: 'LinkedIn',
      description:
        'The home of B2B marketing: thought leadership and ads targeted by industry and job title.',
    },
    {
      mark: { brand: 'x', label: 'X (formerly Twitter) logo' },
      title: 'Twitter',
      description:
        'Real-time conversation, news and customer service that keep your brand part of the discussion.',
    },
    {
      mark: { brand: 'tiktok', label: 'TikTok logo' },
      title: 'TikTok',
      description:
        'Short, creative video that reaches younger audiences and can spread far beyond your followers.',
    },
    {
      mark: { brand: 'youtube', label: 'YouTube logo' },
      title: 'YouTube',
      description:
        'Long and short video that explains, demonstrates and ranks in both YouTube and Google search.',
    },
  ],
} as const satisfies CardSectionContent
