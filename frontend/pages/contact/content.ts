import { site } from '#frontend/build-identity.ts'

export const meta = {
  title: `Contact Us | Free Marketing Consultation | ${site.name}`,
  description: `Contact ${site.name} for a free digital marketing consultation. Send us a message, email or call us; we reply within 24 hours.`,
  keywords: [
    'contact digital marketing agency',
    'free marketing consultation',
    'UK marketing agency contact',
    'SEO consultation',
    'get a marketing quote',
  ],
}

export const hero = {
  title: 'Contact Us',
  subtitle:
    "Ready to grow your business online? Tell us about your goals and book your free initial consultation. We'll get back to you within 24 hours.",
} as const

export const details = {
  heading: 'Get in Touch',
  intro: 'Prefer to talk it through? Email or call us, or send a message with the form.',
  email: { label: 'Email', value: site.email },
  phone: { label: 'Phone', value: site.phone },
  ico: {
    label: 'Your data is safe with us',
    text: `${site.name} is an ICO registered data controller. We use your details only to answer your enquiry.`,
    privacy: { label: 'Read our privacy policy', href: '/privacy-policy' },
  },
} as const

/** The spec's four consultation benefits. */
export const benefits = {
  heading: 'Why Book a Free Consultation?',
  items: [
    {
      title: 'Free initial consultation',
      text: 'An honest review of where you are today and where you could be, with no obligation.',
    },
    {
      title: 'Custom pricing',
      text: 'A plan and a price built around your goals and budget, not a one-size package.',
    },
    {
      title: 'Exclusive in your area',
      text: 'We never work with a direct competitor offering the same services within 5 miles of you.',
    },
    {
      title: 'A reply within 24 hours',
      text: 'A real person from our team answers every enquiry, usually much sooner.',
    },
  ],
} as const
