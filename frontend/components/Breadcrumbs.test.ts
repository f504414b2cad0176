import { describe, expect, it } from 'vitest'
import { breadcrumbTrail } from './Breadcrumbs.tsx'

describe('breadcrumb trail', () => {
  it('starts with Home linking to /', () => {
    expect(breadcrumbTrail([])).toEqual([{ label: 'Home', href: '/' }])
  })

  it('follows Home with the given items, keeping optional links', () => {
    expect(breadcrumbTrail([{ label: 'Services', href: '/services' }, { label: 'SEO' }])).toEqual([
      { label: 'Home', href: '/' },
      { label: 'Services', href: '/services' },
      { label: 'SEO' },
    ])
  })
})
