import { describe, expect, it } from 'vitest'
import { brandColours, parseSite } from '#shared/site.ts'
import { webManifest } from './web-manifest.ts'

describe('site.webmanifest', () => {
  it('names the site and takes its colours from the identity config', () => {
    const manifest = JSON.parse(webManifest(parseSite({})))
    expect(manifest).toMatchObject({
      name: 'Elevate Digital',
      short_name: 'Elevate',
      start_url: '/',
      theme_color: brandColours.theme,
      background_color: brandColours.background,
    })
    expect(manifest.icons.map((icon: { src: string }) => icon.src)).toContain(
      '/apple-touch-icon.png',
    )
  })

  it('follows a renamed agency, with a short name of its own or derived from the name', () => {
    expect(JSON.parse(webManifest(parseSite({ SITE_NAME: 'Acme Growth Partners' })))).toMatchObject(
      { name: 'Acme Growth Partners', short_name: 'Acme' },
    )
    expect(JSON.parse(webManifest(parseSite({ SITE_NAME: 'Brightly' })))).toMatchObject({
      name: 'Brightly',
      short_name: 'Brightly',
    })
    expect(
      JSON.parse(webManifest(parseSite({ SITE_NAME: 'Acme Growth', SITE_SHORT_NAME: 'AG' }))),
    ).toMatchObject({ name: 'Acme Growth', short_name: 'AG' })
  })

  it('refuses a short name too long for a home screen', () => {
    expect(() => parseSite({ SITE_SHORT_NAME: 'Elevate Digital UK' })).toThrowError(
      /SITE_SHORT_NAME/,
    )
  })
})
