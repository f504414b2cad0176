import { analyticsEvents } from '#frontend/analytics/events.ts'
import { site } from '#frontend/build-identity.ts'
import { contactFormHref } from '#shared/routes.ts'

export const meta = {
  title: `Frequently Asked Questions | ${site.name}`,
  description: `Answers to common questions about working with ${site.name}: services, pricing, contracts, exclusivity, results, reporting and how we look after your data.`,
  keywords: [
    'digital marketing FAQ',
    'marketing agency questions',
    'SEO pricing',
    'marketing contract',
    'free consultation',
  ],
}

export const breadcrumb = 'FAQ'

export const hero = {
  title: 'Frequently Asked Questions',
  subtitle:
    'Straight answers to the questions businesses ask us most. If yours is not here, just ask.',
}

export const questions = {
  heading: 'Common Questions',
  intro: 'Select a question to show its answer.',
  entries: [
    {
      question: 'What services do you offer?',
      answer:
        'We offer search engine optimisation (SEO), social media marketing, pay-per-click (PPC) advertising, email marketing and website development, with analytics and reporting included in every engagement. You can choose one service or combine several into a single plan.',
    },
    {
      question: 'How much do your services cost?',
      answer:
        'Every business is different, so we do not sell fixed packages. After a free consultation we propose custom pricing based on your goals, your market and the work needed, and you agree the price before anything starts.',
    },
    {
      question: 'Is the initial consultation really free?',
      answer:
        'Yes. The initial consultation is free and comes with no obligation. We review where your marketing is today, discuss your goals and suggest the approach we would take.',
    },
    {
      question: 'Do I have to sign a long-term contract?',
      answer:
        'No. Our agreements run month to month with no long-term contract. You can cancel with 30 days’ written notice by email or certified mail, and your final bill is prorated.',
    },
    {
      question: 'Will you work with my competitors?',
      answer:
        'Not nearby. We will not provide the same direct services to a competing business within a 5-mile radius of you, so our best ideas in your area are yours alone.',
    },
    {
      question: 'How soon will I see results?',
      answer:
        'It depends on the service. PPC campaigns bring visitors from the day they go live, while SEO usually takes three to six months to build momentum. We set realistic expectations at the start and report progress every month.',
    },
    {
      question: 'How will I know what you are doing and whether it is working?',
      answer:
        'You receive a monthly report in plain English and a monthly check-in with your team, covering what we did, the results it produced and what we plan next.',
    },
    {
      question: 'How quickly will you reply to my enquiry?',
      answer:
        'We reply to every enquiry within 24 hours. Send us a message through the contact form, email or phone, whichever suits you.',
    },
    {
      question: 'Do you work with businesses outside your local area?',
      answer:
        'Yes. We work with businesses across the UK. Most of our work and meetings happen online, so distance is never a barrier to a close working relationship.',
    },
    {
      question: 'How do you look after my data?',
      answer: `${site.name} is an ICO registered data controller and handles personal data under UK GDPR. Enquiries sent through our contact form are kept for up to 3 years and then deleted. Our privacy policy explains your rights in full.`,
    },
  ],
}

export const closing = {
  heading: 'Still Have Questions?',
  text: 'We are happy to help. Get in touch and we will reply within 24 hours.',
  actions: [
    {
      label: 'Ask Us a Question',
      href: contactFormHref,
      event: analyticsEvents.ctaClick('FAQ Contact CTA'),
    },
  ],
} as const
