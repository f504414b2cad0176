import { describe, expect, it } from 'vitest'
import { absoluteUrl, parseSite, siteDefaults, telHref } from './site.ts'

describe('site identity', () => {
  it('falls back to the placeholder identity', () => {
    expect(parseSite({})).toEqual({ ...siteDefaults, gaMeasurementId: undefined })
  })

  it('takes overrides from the environment and trims the URL', () => {
    const site = parseSite({
      SITE_NAME: 'Acme Growth',
      SITE_EMAIL: 'team@acme.example',
      SITE_PHONE: '0161 496 0000',
      SITE_URL: 'https://acme.example/',
      GA_MEASUREMENT_ID: 'G-ABC123',
    })
    expect(site).toEqual({
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
})
