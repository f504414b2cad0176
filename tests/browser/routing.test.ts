import { describe, expect, inject, it } from 'vitest'

const get = (path: string) => fetch(`${inject('baseUrl')}${path}`, { redirect: 'manual' })

describe('routing', () => {
  it('answers an unknown path with the 404 page and status 404', async () => {
    const response = await get('/this-page-does-not-exist')
    expect(response.status).toBe(404)
    const html = await response.text()
    expect(html).toContain('<h1')
    expect(html).toContain('404 Page Not Found')
    expect(html).toContain('Did you forget to add the page to the router?')
  })

  it('redirects a trailing slash to the canonical URL with a 301', async () => {
    const response = await get('/about/')
    expect(response.status).toBe(301)
    expect(response.headers.get('location')).toBe('/about')
  })
})
