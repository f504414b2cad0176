import { site } from '#frontend/build-identity.ts'
import { agencyContactBlocks, type LegalSection } from '#frontend/components/legal-document.ts'
import { telHref } from '#shared/site.ts'

export const meta = {
  title: `Privacy Policy | ${site.name}`,
  description: `How ${site.name} collects, uses, shares and protects your personal data under UK GDPR, how long we keep it and how to exercise your rights.`,
  keywords: ['privacy policy', 'UK GDPR', 'data protection', 'cookies', 'your data rights'],
}

export const breadcrumb = 'Privacy Policy'

export const hero = {
  title: 'Privacy Policy',
  subtitle: 'How we collect, use and protect your personal data under UK GDPR.',
}

export const lastUpdated = 'Last Updated: January 2025'

export const intro = [
  `${site.name} (“we”, “us”, “our”) respects your privacy. This policy explains what personal data we collect when you visit our website or contact us, why we collect it, how we protect it and the rights you have under the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018.`,
  `${site.name} is the data controller for your personal data and is registered with the Information Commissioner’s Office (ICO) as a data controller.`,
]

/** The regulator the complaints section names (DESIGN.md: identity and configuration). */
export const regulator = {
  name: 'Information Commissioner’s Office (ICO)',
  helpline: '0303 123 1113',
  website: 'ico.org.uk',
}

export const sections = [
  {
    id: 'information-we-collect',
    title: 'Information We Collect',
    blocks: [
      { heading: 'Information you provide to us' },
      'When you fill in our contact form, email or call us, you may give us:',
      {
        list: [
          'your name',
          'your contact details, such as your email address and phone number',
          'your company name and your position',
          'your business goals and the details of your enquiry',
          'any other information you choose to include in your message',
        ],
      },
      { heading: 'Information collected automatically' },
      'When you visit our website, our servers and security services record technical information needed to deliver and protect the site:',
      {
        list: [
          'your IP address',
          'your browser type and version',
          'the pages you visit and when',
          'the website that referred you to us',
          'your device type and operating system',
          'how you interact with our pages, such as the links and buttons you select',
        ],
      },
      { heading: 'Analytics data' },
      'Only if you accept analytics cookies, we use Google Analytics to understand how visitors use our website, such as which pages are popular and how people arrive. Analytics data is collected in aggregated form, and we do not use it to identify you.',
    ],
  },
  {
    id: 'how-we-use-your-information',
    title: 'How We Use Your Information',
    blocks: [
      'We use your personal data to:',
      {
        list: [
          'reply to your enquiry, normally within 24 hours (legitimate interests, or steps before entering a contract)',
          'provide, manage and invoice our services if you become a client (contract)',
          'understand how our website is used and improve it (consent, for analytics cookies)',
          'keep our website and systems secure and prevent misuse (legitimate interests)',
          'meet our legal and regulatory obligations (legal obligation)',
        ],
      },
      'We only send you marketing emails if you have asked for them or are an existing client who has not opted out, and every marketing email includes a simple way to unsubscribe.',
    ],
  },
  {
    id: 'information-sharing',
    title: 'Information Sharing',
    blocks: [
      'We do not sell, rent or trade your personal data. We only share it:',
      {
        list: [
          'with service providers who help us run our business, such as website hosting, cloud storage and email delivery, under contracts that require them to protect it and use it only on our instructions',
          'as anonymised or aggregated analytics that cannot identify you',
          'when the law requires it, or to protect our rights, property or safety',
          'with your consent',
        ],
      },
      'Where a service provider processes data outside the UK, we make sure appropriate safeguards are in place, such as UK adequacy regulations or the International Data Transfer Agreement.',
    ],
  },
  {
    id: 'data-security',
    title: 'Data Security',
    blocks: [
      'We protect your personal data with appropriate technical and organisational measures. Our website is served only over encrypted HTTPS connections, data is encrypted when stored, and access to it is restricted to the people who need it to do their jobs.',
      'No method of transmission over the internet is completely secure, but we review our safeguards regularly and will notify you and the ICO of any data breach where the law requires us to.',
    ],
  },
  {
    id: 'data-retention',
    title: 'Data Retention',
    blocks: [
      'We keep personal data only for as long as we need it:',
      {
        list: [
          'Messages sent through our contact form are kept for up to 3 years from the date you send them, then deleted automatically.',
          'Analytics data is deleted after 26 months.',
          'If you become a client, we keep the records of our work together for as long as the law requires.',
        ],
      },
    ],
  },
  {
    id: 'your-rights',
    title: 'Your Rights Under UK GDPR',
    blocks: [
      'You have the following rights over your personal data:',
      {
        list: [
          'the right of access: to ask for a copy of the personal data we hold about you',
          'the right to rectification: to have inaccurate or incomplete data corrected',
          'the right to erasure: to ask us to delete your personal data',
          'the right to restrict processing: to ask us to limit how we use your data',
          'the right to data portability: to receive your data in a portable format, or have it sent to another organisation',
          'the right to object: to object to processing based on our legitimate interests, and to direct marketing at any time',
          'the right to withdraw consent: where we rely on your consent, to withdraw it at any time',
        ],
      },
      'To exercise any of these rights, contact us using the details below. There is normally no charge. We may ask you to confirm your identity, and we will respond within one month of receiving your request.',
    ],
  },
  {
    id: 'cookies',
    title: 'Cookies and Website Analytics',
    blocks: [
      'We use a small number of cookies and similar browser storage:',
      {
        list: [
          'Essential cookies: needed for the website to work and to remember your cookie choice. These are always on.',
          'Your unsent message: while you fill in our contact form, what you type is kept in this browser tab’s session storage, so it is not lost if you follow a link and come back, or if sending fails. It stays on your device, is deleted as soon as your message is sent or you close the tab, and is never used to track you. It is strictly necessary for the service you asked for, so it is always on and is not a cookie.',
          'Analytics cookies: Google Analytics cookies that tell us how visitors use our website. These are set only if you accept them.',
          'Functional cookies: remember your preferences to improve your experience.',
        ],
      },
      'A consent banner appears on your first visit. Select “Accept All Cookies” to allow analytics cookies or “Decline Optional” to refuse them; no optional cookies are set until you accept. We store your choice and the date you made it in your browser’s local storage.',
      'To change your preferences at any time, use the “Cookie settings” link at the foot of every page. You can also clear this website’s local storage (for example by clearing your browsing data for this site): the banner will appear again on your next visit so you can choose again.',
    ],
  },
  {
    id: 'third-party-links',
    title: 'Third-Party Links',
    blocks: [
      'Our website may link to other websites, such as social networks. We are not responsible for their content or their privacy practices, so please read the privacy policy of any website you visit.',
    ],
  },
  {
    id: 'childrens-privacy',
    title: 'Children’s Privacy',
    blocks: [
      'Our services are for businesses and are not aimed at children. We do not knowingly collect personal data from children under 13. If you believe a child has given us personal data, please contact us and we will delete it.',
    ],
  },
  {
    id: 'changes',
    title: 'Changes to This Policy',
    blocks: [
      'We may update this policy from time to time, for example when the law or our services change. The date at the top of this page shows when it was last updated. Where a change is significant, we will tell you by email if we hold your address or by a notice on our website.',
    ],
  },
  {
    id: 'contact',
    title: 'Contact Information',
    blocks: [
      'For any question about this policy or your personal data, or to exercise your rights, please contact us:',
      ...agencyContactBlocks(site),
    ],
  },
  {
    id: 'complaints',
    title: 'Complaints',
    blocks: [
      `If you are unhappy with how we have handled your personal data, please contact us first so we can try to put it right. You also have the right to complain to the UK data protection regulator, the ${regulator.name}:`,
      {
        details: [
          {
            term: 'Helpline',
            description: regulator.helpline,
            href: telHref(regulator.helpline),
          },
          {
            term: 'Website',
            description: regulator.website,
            href: `https://${regulator.website}/make-a-complaint/`,
          },
        ],
      },
    ],
  },
] as const satisfies readonly LegalSection[]
