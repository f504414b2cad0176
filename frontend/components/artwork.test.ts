import { describe, expect, it } from 'vitest'
import { routes, unlistedPages } from '#shared/routes.ts'
import { artworkFamilies, artworkFamilyFor } from '../page-families.ts'
import { artworkSvg } from './artwork.ts'

describe('artworkFamilyFor', () => {
  it('gives each service its own scene and groups the other pages into families', () => {
    expect(artworkFamilyFor('/')).toBe('home')
    expect(artworkFamilyFor('/about')).toBe('about')
    expect(artworkFamilyFor('/services')).toBe('services')
    expect(artworkFamilyFor('/services/seo')).toBe('seo')
    expect(artworkFamilyFor('/services/website-development')).toBe('website-development')
    expect(artworkFamilyFor('/terms')).toBe('legal')
    expect(artworkFamilyFor('/privacy-policy')).toBe('legal')
    expect(artworkFamilyFor('/contact')).toBe('contact')
    expect(artworkFamilyFor('/no-such-page')).toBe('home')
  })

  it('uses every family on some route', () => {
    const used = new Set([...routes, ...unlistedPages].map(({ path }) => artworkFamilyFor(path)))
    expect([...used].sort()).toEqual([...artworkFamilies].sort())
  })
})

describe('artworkSvg', () => {
  it('draws a different scene per family in one shared ground', () => {
    const scenes = artworkFamilies.map((family) => artworkSvg(family, { width: 960, height: 540 }))
    expect(new Set(scenes).size).toBe(artworkFamilies.length)
    for (const scene of scenes) {
      expect(scene).toMatch(/^<svg [^>]*width="960" height="540"/)
      expect(scene).toContain('url(#artwork-bg)')
    }
  })
})
