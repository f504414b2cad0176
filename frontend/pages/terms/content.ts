import { site } from '#frontend/build-identity.ts'
import { agencyContactBlocks, type LegalSection } from '#frontend/components/legal-document.ts'
import { contactFormHref } from '#shared/routes.ts'

export const meta = {
  title: `Terms of Service | ${site.name}`,
  description: `The terms on which ${site.name} provides its marketing services: exclusivity, custom pricing, monthly reporting, month-to-month contracts and cancellation.`,
  keywords: [
    'terms of service',
    'terms and conditions',
    'service agreement',
    'cancellation policy',
  ],
}

export const breadcrumb = 'Terms'

export const hero = {
  title: 'Terms of Service',
  subtitle: 'The plain-English terms on which we work with you.',
}

export const intro = [
  `These terms apply to all services provided by ${site.name} (“we”, “us”, “our”) to you, our client. Please read them carefully. By agreeing a proposal or starting work with us, you accept these terms.`,
]

export const sections = [
  {
    id: 'service-agreement',
    title: 'Service Agreement',
    blocks: [
      'Before any work begins we agree a written proposal with you. It sets out the services we will provide, the goals we are working towards, the fees and the start date.',
      'The proposal and these terms together form our agreement. If the two ever conflict, the proposal takes priority for the matters it covers. Work outside the agreed scope is quoted separately and only starts once you have approved it.',
    ],
  },
  {
    id: 'exclusive-territory',
    title: 'Exclusive Territory Policy',
    blocks: [
      'While you are a client, we will not provide the same direct services to a competing business located within a 5-mile radius of your business address.',
      'Exclusivity applies to the services you take from us. For example, if we run your SEO, we will not run SEO for a direct competitor within that radius. It continues for as long as your agreement is active.',
    ],
  },
  {
    id: 'custom-pricing',
    title: 'Customised Pricing',
    blocks: [
      'We do not sell fixed packages. Our fees are priced for each client, based on your goals, your market and the work required, and are set out in your proposal.',
      'Fees are invoiced monthly, with payment terms set out in your proposal. Advertising budgets for paid campaigns are separate from our fees and are paid directly to the advertising platform unless we agree otherwise in writing.',
      'We will give you at least 30 days’ notice in writing of any change to your fees.',
    ],
  },
  {
    id: 'communication-reporting',
    title: 'Communication and Reporting',
    blocks: [
      'We hold a monthly check-in with you to review progress, discuss results and agree priorities for the month ahead.',
      'You receive a monthly report covering the work completed, the results achieved and our recommendations. We reply to your messages within 24 hours.',
    ],
  },
  {
    id: 'service-expectations',
    title: 'Service Expectations',
    blocks: [
      'We provide our services with reasonable skill and care and in line with good industry practice.',
      'Search engines, social networks and advertising platforms control their own algorithms and policies, and these change without notice. For that reason we cannot guarantee specific rankings, traffic, engagement or sales. We will always give you realistic expectations and explain the results we achieve.',
    ],
  },
  {
    id: 'client-responsibilities',
    title: 'Client Responsibilities',
    blocks: [
      'To help us deliver the best results, you agree to:',
      {
        list: [
          'provide accurate information about your business, products and services',
          'give us timely access to the websites, accounts and tools we need',
          'review and approve content and campaigns within reasonable timescales',
          'make sure the materials you supply do not infringe anyone else’s rights',
          'pay invoices by their due date',
        ],
      },
      'Delays in providing access, approvals or information may delay the work and its results.',
    ],
  },
  {
    id: 'confidentiality',
    title: 'Confidentiality',
    blocks: [
      'We keep your business information, data and results confidential and use them only to provide our services to you. We will not share them with anyone except where you agree, where our service providers need them to support our work, or where the law requires it.',
      'Both of us agree to keep the other’s confidential information private during the agreement and after it ends. We handle personal data in line with UK GDPR, as described in our privacy policy.',
    ],
  },
  {
    id: 'contract-cancellation',
    title: 'Contract Terms and Cancellation',
    blocks: [
      'Our agreements run month to month. There is no long-term contract and no minimum term.',
      'Either of us may cancel by giving 30 days’ written notice, sent by email or certified mail. We continue the agreed work during the notice period, and your final bill is prorated to the date the agreement ends.',
      'When the agreement ends, we hand back access to your accounts and supply the work you have paid for.',
    ],
  },
  {
    id: 'liability',
    title: 'Liability Limitations',
    blocks: [
      'Our total liability to you under or in connection with our agreement is limited to the amount you have paid us for the services.',
      'We are not liable for indirect or consequential loss, including loss of profit, revenue or business opportunity, or for changes made by third-party platforms.',
      'Nothing in these terms limits or excludes liability that cannot be limited or excluded by law, including liability for death or personal injury caused by negligence, or for fraud.',
    ],
  },
  {
    id: 'modifications',
    title: 'Modifications',
    blocks: [
      'We may update these terms from time to time. We will tell you about any change in writing at least 30 days before it takes effect. If you do not accept a change, you may end the agreement under the cancellation terms above before the change applies.',
    ],
  },
  {
    id: 'contact',
    title: 'Contact Information',
    blocks: [
      'If you have any questions about these terms, please contact us:',
      ...agencyContactBlocks(site),
      'These terms are governed by the laws of England and Wales.',
    ],
  },
] as const satisfies readonly LegalSection[]

export const closing = {
  heading: 'Questions About These Terms?',
  text: 'We are happy to talk them through before you sign up. We reply within 24 hours.',
  actions: [{ label: 'Contact Us', href: contactFormHref }],
} as const
