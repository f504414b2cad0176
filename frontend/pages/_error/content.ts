import { site } from '#frontend/build-identity.ts'
import { contactFormHref } from '#shared/routes.ts'

export const notFound = {
  title: `404 Page Not Found | ${site.name}`,
  description: 'The page you were looking for does not exist.',
  keywords: ['page not found'],
  heading: '404 Page Not Found',
  text: 'Did you forget to add the page to the router?',
  help: 'The page may have moved. These will take you somewhere useful:',
  links: [
    { label: 'Home', href: '/' },
    { label: 'Services', href: '/services' },
    { label: 'Contact', href: contactFormHref },
  ],
}

export const serverError = {
  title: `Something went wrong | ${site.name}`,
  description: 'Something went wrong on our side.',
  heading: 'Something went wrong',
  text: 'Please try again in a moment.',
  help: undefined,
  links: [],
}
