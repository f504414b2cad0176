import { absoluteUrl, type Site, telHref } from '#shared/site.ts'
import { socialImagePath } from './social-image.ts'

/**
 * schema.org JSON-LD for search engines, built from the same content modules that render each
 * page, so what crawlers read cannot drift from what visitors see.
 */
export interface JsonLdThing {
  readonly '@context'?: 'https://schema.org'
  readonly '@type': string
  readonly [property: string]: unknown
}

type Identity = Pick<Site, 'name' | 'email' | 'phone' | 'url'>

/** One id for the agency, so every page's Service can point at the same provider. */
export function organizationId(site: Pick<Site, 'url'>): string {
  return `${site.url}/#organization`
}

/** `020 7946 0321` → `+442079460321`, the form schema.org expects. */
export function internationalPhone(phone: string): string {
  return telHref(phone).replace(/^tel:/, '')
}

export function organization(
  site: Identity,
  details: { readonly description: string; readonly services: readonly string[] },
): JsonLdThing {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': organizationId(site),
    name: site.name,
    url: absoluteUrl(site, '/'),
    description: details.description,
    email: site.email,
    telephone: internationalPhone(site.phone),
    image: absoluteUrl(site, socialImagePath('home')),
    areaServed: { '@type': 'Country', name: 'United Kingdom' },
    knowsAbout: details.services,
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer service',
      email: site.email,
      telephone: internationalPhone(site.phone),
      areaServed: 'GB',
      availableLanguage: 'en-GB',
      hoursAvailable: {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '09:00',
        closes: '17:00',
      },
    },
  }
}

/** The trail as schema.org lists it: the current page (no link of its own) is `currentPath`. */
export function breadcrumbList(
  site: Pick<Site, 'url'>,
  trail: readonly { readonly label: string; readonly href?: string }[],
  currentPath: string,
): JsonLdThing {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.label,
      item: absoluteUrl(site, item.href ?? currentPath),
    })),
  }
}

export interface ServiceDetails {
  readonly name: string
  readonly description: string
  readonly path: string
  readonly offerings: readonly { readonly title: string; readonly description: string }[]
}

export function service(site: Identity, details: ServiceDetails): JsonLdThing {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: details.name,
    serviceType: details.name,
    description: details.description,
    url: absoluteUrl(site, details.path),
    provider: { '@type': 'Organization', '@id': organizationId(site), name: site.name },
    areaServed: { '@type': 'Country', name: 'United Kingdom' },
    hasOfferCatalog: {
      '@type': 'OfferCatalog',
      name: details.name,
      itemListElement: details.offerings.map((offering) => ({
        '@type': 'Offer',
        itemOffered: {
          '@type': 'Service',
          name: offering.title,
          description: offering.description,
        },
      })),
    },
  }
}

export function faqPage(
  entries: readonly { readonly question: string; readonly answer: string }[],
): JsonLdThing {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: entries.map((entry) => ({
      '@type': 'Question',
      name: entry.question,
      acceptedAnswer: { '@type': 'Answer', text: entry.answer },
    })),
  }
}

/**
 * JSON for a `<script type="application/ld+json">` element. `<` is escaped so no copy (say a
 * `</script>` in an answer) can close the element early; JSON parsers read `\u003c` back as `<`.
 */
export function serializeJsonLd(data: JsonLdThing | readonly JsonLdThing[]): string {
  return JSON.stringify(data).replace(/</g, '\\u003c')
}
