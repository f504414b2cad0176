import type { ContactSubmission } from './contact.ts'

/**
 * A complete, valid enquiry, as a visitor would type it: the one sample the tests, the API
 * benchmark and the local fault drills send, so a change to the form's fields changes it once.
 */
export const sampleEnquiry = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.co.uk',
  phone: '020 7946 0000',
  company: 'Analytical Engines Ltd',
  position: 'Director',
  message: 'We would like help with our SEO, please.',
} as const satisfies ContactSubmission
