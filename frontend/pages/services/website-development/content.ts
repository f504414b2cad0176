import type { CardSectionContent } from '#frontend/components/CardGrid.tsx'
import type { BenefitPanel } from '../service-page.ts'

export const features = {
  heading: 'What Every Website Includes',
  intro: 'Five foundations we build into every project, whatever its size.',
  cards: [
    {
      icon: 'palette',
      title: 'Custom Design',
      description:
        'A unique design shaped around your brand and customers, never a stock template.',
    },
    {
      icon: 'phone',
      title: 'Mobile-First',
      description:
        'Designed for phones first, then scaled up, so it works beautifully on any screen.',
    },
    {
      icon: 'search',
      title: 'SEO-Optimised',
      description: 'Clean structure, fast pages and search-ready content from the day you launch.',
    },
    {
      icon: 'zap',
      title: 'Fast Performance',
      description: 'Optimised images and lean code for quick loading and strong Core Web Vitals.',
    },
    {
      icon: 'lock',
      title: 'Secure and Reliable',
      description: 'HTTPS, security updates, regular backups and hosting you can depend on.',
    },
  ],
} as const satisfies CardSectionContent

export const benefits = {
  heading: 'Benefits of a Professional Website',
  text: 'A well-built website is your hardest-working salesperson. Here is what yours will do for your business.',
  points: [
    'Makes a professional first impression that builds trust',
    'Turns more visitors into enquiries with clear calls to action',
    'Gets found on Google from launch',
    'Loads quickly on every device and connection',
    'Is accessible to every visitor, including people with disabilities',
    'Is easy for your team to update without technical skills',
    'Measures enquiries and sales with analytics built in',
    'Grows with your business as your needs change',
  ],
} as const satisfies BenefitPanel

export const whyUs = {
  heading: 'Why Build Your Website With Us',
  cards: [
    {
      icon: 'target',
      title: 'Built to Convert',
      description:
        'Every page is planned around the action you want visitors to take, from enquiry to purchase.',
    },
    {
      icon: 'trend',
      title: 'Marketing-Led',
      description:
        'Designed by a team that also runs SEO, PPC and social campaigns, so your site is ready for them.',
    },
    {
      icon: 'pound',
      title: 'Custom Pricing',
      description: 'A fixed quote based on what your project needs, agreed before any work begins.',
    },
    {
      icon: 'handshake',
      title: 'Ongoing Support',
      description:
        'Updates, fixes and improvements after launch from the people who built your site.',
    },
  ],
} as const satisfies CardSectionContent

export const process = {
  heading: 'Our Development Process',
  intro: 'Four clear steps from first conversation to a site that keeps improving.',
  steps: [
    {
      title: 'Discovery and Planning',
      description: 'We learn your business, customers and goals, then plan the pages and features.',
    },
    {
      title: 'Design and Development',
      description: 'You review designs before we build, with progress shared at every stage.',
    },
    {
      title: 'Testing and Launch',
      description:
        'We test on real devices and browsers, check speed and accessibility, then go live.',
    },
    {
      title: 'Support and Maintenance',
      description: 'We keep your site secure, up to date and improving after launch.',
    },
  ],
} as const
