/**
 * Every page of the site, in the order the spec lists them. Navigation, the sitemap, the
 * prerender check and the tests all read this list, so a page is added in one place.
 */
export const routes = [
  { path: '/', name: 'Home' },
  { path: '/about', name: 'About Us' },
  { path: '/values', name: 'Our Values' },
  { path: '/services', name: 'Services' },
  { path: '/services/seo', name: 'SEO' },
  { path: '/services/social-media', name: 'Social Media Marketing' },
  { path: '/services/ppc', name: 'Pay-Per-Click' },
  { path: '/services/email-marketing', name: 'Email Marketing' },
  { path: '/services/website-development', name: 'Website Development' },
  { path: '/why-choose-us', name: 'Why Choose Us' },
  { path: '/faq', name: 'FAQ' },
  { path: '/contact', name: 'Contact' },
  { path: '/terms', name: 'Terms' },
  { path: '/privacy-policy', name: 'Privacy Policy' },
] as const

export type RoutePath = (typeof routes)[number]['path']

/**
 * Prerendered pages outside the spec's route table: the contact form's no-JavaScript
 * confirmation steps (the API redirects there). Marked noindex, and kept out of `routes`, so they
 * never reach the sitemap or the navigation.
 */
export const unlistedPages = [
  { path: '/contact/sent', name: 'Message sent' },
  { path: '/contact/check-details', name: 'Check your details' },
] as const

/** The navigation bar's links, in order; Contact Us is its separate button. */
export const navLinks: readonly { href: RoutePath; label: string }[] = [
  { href: '/', label: 'Home' },
  { href: '/about', label: 'About Us' },
  { href: '/values', label: 'Our Values' },
  { href: '/services', label: 'Services' },
  { href: '/why-choose-us', label: 'Why Choose Us' },
  { href: '/faq', label: 'FAQ' },
]

/**
 * Where every call to action to get in touch leads: the contact page, scrolled to its form, so
 * the first field is in view on arrival on a phone as on a desktop (with or without JavaScript).
 */
export const contactFormHref = '/contact#contact-form'

export const contactButton = { href: contactFormHref, label: 'Contact Us' } as const

/** The footer's service list: Analytics & Reporting is offered but has no page of its own. */
export const footerServices: readonly { label: string; href?: RoutePath }[] = [
  { label: 'SEO', href: '/services/seo' },
  { label: 'Social Media Marketing', href: '/services/social-media' },
  { label: 'Pay-Per-Click', href: '/services/ppc' },
  { label: 'Email Marketing', href: '/services/email-marketing' },
  { label: 'Website Development', href: '/services/website-development' },
  { label: 'Analytics & Reporting' },
]

export const legalLinks: readonly { href: RoutePath; label: string }[] = [
  { href: '/privacy-policy', label: 'Privacy Policy' },
  { href: '/terms', label: 'Terms' },
]
