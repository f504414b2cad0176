import { describe, expect, it } from 'vitest'
import {
  breadcrumbList,
  faqPage,
  internationalPhone,
  organization,
  organizationId,
  serializeJsonLd,
  service,
} from './structured-data.ts'

const site = {
  name: 'Elevate Digital',
  email: 'hello@elevate-digital.example',
  phone: '020 7946 0321',
  url: 'https://www.elevate-digital.example',
}

describe('structured data', () => {
  it('describes the agency as an Organization with its contact details', () => {
    const org = organization(site, { description: 'An agency.', services: ['SEO'] })
    expect(org).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      '@id': 'https://www.elevate-digital.example/#organization',
      name: 'Elevate Digital',
      url: 'https://www.elevate-digital.example/',
      email: 'hello@elevate-digital.example',
      telephone: '+442079460321',
      knowsAbout: ['SEO'],
    })
  })

  it('writes phone numbers in international form', () => {
    expect(internationalPhone('0303 123 1113')).toBe('+443031231113')
  })

  it('lists a breadcrumb trail with absolute URLs, the current page last', () => {
    const list = breadcrumbList(
      site,
      [{ label: 'Home', href: '/' }, { label: 'Services', href: '/services' }, { label: 'SEO' }],
      '/services/seo',
    )
    expect(list.itemListElement).toEqual([
      {
        '@type': 'ListItem',
        position: 1,
        name: 'Home',
        item: 'https://www.elevate-digital.example/',
      },
      {
        '@type': 'ListItem',
        position: 2,
        name: 'Services',
        item: 'https://www.elevate-digital.example/services',
      },
      {
        '@type': 'ListItem',
        position: 3,
        name: 'SEO',
        item: 'https://www.elevate-digital.example/services/seo',
      },
    ])
  })

  it('names the agency as the provider of each Service, with its offers', () => {
    const seo = service(site, {
      name: 'SEO Services',
      description: 'Search engine optimisation.',
      path: '/services/seo',
      offerings: [{ title: 'Local SEO', description: 'Map pack.' }],
    })
    expect(seo).toMatchObject({
      '@type': 'Service',
      name: 'SEO Services',
      url: 'https://www.elevate-digital.example/services/seo',
      provider: { '@id': organizationId(site) },
      hasOfferCatalog: {
        itemListElement: [
          { '@type': 'Offer', itemOffered: { '@type': 'Service', name: 'Local SEO' } },
        ],
      },
    })
  })

  it('turns FAQ entries into Questions with accepted Answers', () => {
    expect(faqPage([{ question: 'Why?', answer: 'Because.' }]).mainEntity).toEqual([
      {
        '@type': 'Question',
        name: 'Why?',
        acceptedAnswer: { '@type': 'Answer', text: 'Because.' },
      },
    ])
  })

  it('serialises so no copy can close the script element, and parses back unchanged', () => {
    const data = faqPage([{ question: 'A </script><script>alert(1)</script>?', answer: 'x' }])
    const json = serializeJsonLd(data)
    expect(json).not.toContain('<')
    expect(JSON.parse(json)).toEqual(data)
  })
})
