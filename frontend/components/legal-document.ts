import { companyDisclosures, type Site, telHref } from '#shared/site.ts'

/** A piece of a legal section: a paragraph, a sub-heading, a bulleted list or labelled details. */
export type LegalBlock =
  | string
  | { readonly heading: string }
  | { readonly list: readonly string[] }
  | {
      readonly details: readonly {
        readonly term: string
        readonly description: string
        readonly href?: string
      }[]
    }

export interface LegalSection {
  /** The fragment id, e.g. `your-rights` for /privacy-policy#your-rights. */
  readonly id: string
  readonly title: string
  readonly blocks: readonly LegalBlock[]
}

/**
 * How to reach the agency, then its registered details: how the privacy policy and the terms end
 * their contact sections.
 */
export const agencyContactBlocks = (site: Site): LegalBlock[] => [
  {
    details: [
      { term: 'Email', description: site.email, href: `mailto:${site.email}` },
      { term: 'Phone', description: site.phone, href: telHref(site.phone) },
      { term: 'Hours', description: 'Monday to Friday, 9:00 AM-5:00 PM GMT' },
    ],
  },
  'Our registered company details:',
  { details: companyDisclosures(site) },
]
