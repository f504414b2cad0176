import { describe, expect, it } from 'vitest'
import {
  absoluteUrl,
  companyDefaults,
  companyDisclosures,
  parseSite,
  siteDefaults,
  telHref,
} from './site.ts'

describe('site identity', () => {
  it('falls back to the placeholder identity', () => {
    expect(parseSite({})).toEqual({
      ...siteDefaults,
      shortName: 'Elevate',
      gaMeasurementId: undefined,
      company: { ...companyDefaults, vatNumber: undefined, placeholder: true },
      social: { linkedin: undefined, instagram: undefined, facebook: undefined, x: undefined },
    })
  })

  it('takes overrides from the environment and trims the URL', () => {
    const site = parseSite({
      SITE_NAME: 'Acme Growth',
      SITE_EMAIL: 'team@acme.example',
      SITE_PHONE: '0161 496 0000',
      SITE_URL: 'https://acme.example/',
      GA_MEASUREMENT_ID: 'G-ABC123',
    })
    expect(site).toMatchObject({
      name: 'Acme Growth',
      email: 'team@acme.example',
      phone: '0161 496 0000',
      url: 'https://acme.example',
      gaMeasurementId: 'G-ABC123',
    })
  })

  it('treats blank variables as unset', () => {
    expect(parseSite({ SITE_NAME: '  ', GA_MEASUREMENT_ID: '' }).name).toBe('Elevate Digital')
  })

  it('names every bad variable at once', () => {
    expect(() =>
      parseSite({ SITE_EMAIL: 'nope', SITE_URL: 'ftp://x', GA_MEASUREMENT_ID: 'UA-1' }),
    ).toThrowError(
      /SITE_EMAIL must be an e-mail address[\s\S]*SITE_URL must be an http\(s\) URL[\s\S]*GA_MEASUREMENT_ID/,
    )
  })

  it('rejects a phone number that is not a UK number', () => {
    expect(() => parseSite({ SITE_PHONE: '+1 555 0100' })).toThrowError(/SITE_PHONE/)
  })

  it('writes phone links in international form', () => {
    expect(telHref('020 7946 0321')).toBe('tel:+442079460321')
  })

  it('builds absolute URLs on the site URL', () => {
    expect(absoluteUrl({ url: 'https://x.example' }, '/')).toBe('https://x.example/')
    expect(absoluteUrl({ url: 'https://x.example' }, '/about')).toBe('https://x.example/about')
  })

  it('marks the company details as placeholders until every required one is set', () => {
    const defaults = companyDisclosures(parseSite({}))
    expect(defaults.find((line) => line.term === 'Company number')?.description).toBe(
      '00000000 (placeholder)',
    )
    expect(defaults.map((line) => line.term)).not.toContain('VAT number')

    const real = parseSite({
      SITE_REGISTERED_NAME: 'Acme Growth Ltd',
      SITE_COMPANY_NUMBER: 'SC123456',
      SITE_REGISTERED_IN: 'Scotland',
      SITE_REGISTERED_OFFICE: '2 High Street, Edinburgh EH1 1AA',
      SITE_ICO_NUMBER: 'ZB123456',
      SITE_VAT_NUMBER: 'GB 123 4567 89',
      SITE_LINKEDIN_URL: 'https://www.linkedin.com/company/acme',
    })
    expect(companyDisclosures(real)).toEqual([
      { term: 'Registered name', description: 'Acme Growth Ltd' },
      { term: 'Registered in', description: 'Scotland' },
      { term: 'Company number', description: 'SC123456' },
      { term: 'Registered office', description: '2 High Street, Edinburgh EH1 1AA' },
      { term: 'ICO registration', description: 'ZB123456' },
      { term: 'VAT number', description: 'GB 123 4567 89' },
    ])
    expect(real.social).toEqual({
      linkedin: 'https://www.linkedin.com/company/acme',
      instagram: undefined,
      facebook: undefined,
      x: undefined,
    })
  })

  it('names a bad company number, ICO number, VAT number or profile address', () => {
    expect(() =>
      parseSite({
        SITE_COMPANY_NUMBER: '123',
        SITE_ICO_NUMBER: 'x',
        SITE_VAT_NUMBER: '123',
        SITE_X_URL: 'http://x.com/acme',
      }),
    ).toThrowError(
      /SITE_COMPANY_NUMBER[\s\S]*SITE_ICO_NUMBER[\s\S]*SITE_VAT_NUMBER[\s\S]*SITE_X_URL/,
    )
  })
})
