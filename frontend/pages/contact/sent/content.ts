import { site } from '#frontend/build-identity.ts'
import { contactFormCopy } from '#frontend/components/contact-form/content.ts'

export const meta = {
  title: `Message Sent | ${site.name}`,
  description: `Thank you for contacting ${site.name}. We'll get back to you within 24 hours.`,
  keywords: ['contact', 'message sent'],
}

export const sent = {
  heading: contactFormCopy.success.title,
  promise: contactFormCopy.success.description,
  thanks: `Thank you for getting in touch with ${site.name}. Your enquiry has reached our team and a real person will reply by e-mail or phone.`,
  urgent: 'Need to add something or speak to us sooner?',
  links: [
    { label: 'Back to the home page', href: '/' },
    { label: 'Explore our services', href: '/services' },
  ],
} as const
