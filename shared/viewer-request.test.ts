import { describe, expect, it } from 'vitest'
import { loadViewerRequest, type ViewerRequestEvent } from './viewer-request.ts'

const handler = loadViewerRequest()

function request(uri: string, querystring: ViewerRequestEvent['request']['querystring'] = {}) {
  return handler({ request: { method: 'GET', uri, querystring, headers: {} } })
}

describe('viewer-request function', () => {
  it('serves the home page from index.html', () => {
    expect(request('/')).toMatchObject({ uri: '/index.html' })
  })

  it('serves an extensionless path from its prerendered index.html', () => {
    expect(request('/about')).toMatchObject({ uri: '/about/index.html' })
    expect(request('/services/seo')).toMatchObject({ uri: '/services/seo/index.html' })
  })

  it('passes files with an extension through untouched', () => {
    expect(request('/assets/entries/app.abc123.js')).toMatchObject({
      uri: '/assets/entries/app.abc123.js',
    })
    expect(request('/images/hero-default-960.avif')).toMatchObject({
      uri: '/images/hero-default-960.avif',
    })
    expect(request('/404.html')).toMatchObject({ uri: '/404.html' })
  })

  it('redirects a trailing slash permanently to the canonical URL', () => {
    expect(request('/about/')).toEqual({
      statusCode: 301,
      statusDescription: 'Moved Permanently',
      headers: {
        location: { value: '/about' },
        'cache-control': { value: 'public, max-age=3600' },
      },
    })
    expect(request('/services/seo//')).toMatchObject({
      headers: { location: { value: '/services/seo' } },
    })
  })

  it('keeps the query string, repeated keys included, on the redirect', () => {
    const result = request('/faq/', {
      utm_source: { value: 'news letter' },
      tag: { value: 'a', multiValue: [{ value: 'a' }, { value: 'b' }] },
      flag: { value: '' },
    })
    expect(result).toMatchObject({
      headers: { location: { value: '/faq?utm_source=news%20letter&tag=a&tag=b&flag' } },
    })
  })

  it('does not redirect the root', () => {
    expect(request('/')).not.toHaveProperty('statusCode')
  })
})
