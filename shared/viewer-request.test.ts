import { describe, expect, it } from 'vitest'
import {
  isViewerResponse,
  loadViewerRequest,
  parseRawQuery,
  type ViewerRequestEvent,
} from './viewer-request.ts'

const handler = loadViewerRequest()

/**
 * The example viewer-request event of AWS's "CloudFront Functions event structure" page
 * (version 1.0), with the URI and query string under test: query values arrive percent-encoded.
 */
function cloudFrontEvent(
  uri: string,
  querystring: ViewerRequestEvent['request']['querystring'] = {},
) {
  return {
    version: '1.0',
    context: {
      distributionDomainName: 'd111111abcdef8.cloudfront.net',
      distributionId: 'EDFDVBD6EXAMPLE',
      eventType: 'viewer-request',
      requestId: 'EXAMPLEntjQpEXAMPLE_SG5Z-EXAMPLEPmPfEXAMPLEu3EqEXAMPLE==',
    },
    viewer: { ip: '198.51.100.11' },
    request: {
      method: 'GET',
      uri,
      querystring,
      headers: {
        host: { value: 'www.elevate-digital.example' },
        'user-agent': { value: 'Mozilla/4.0 (compatible; MSIE 5.5; Windows NT 5.0)' },
        accept: {
          value: 'application/json',
          multiValue: [{ value: 'application/json' }, { value: 'application/xml' }],
        },
      },
      cookies: { id: { value: 'CookieIdValue' }, loggedIn: { value: 'false' } },
    },
  } satisfies ViewerRequestEvent
}

const request = (uri: string, querystring?: ViewerRequestEvent['request']['querystring']) =>
  handler(cloudFrontEvent(uri, querystring))

/** The Location of a redirect, or undefined when the request is passed on. */
function locationOf(uri: string, rawQuery = ''): string | undefined {
  const result = handler(cloudFrontEvent(uri, parseRawQuery(rawQuery)))
  return isViewerResponse(result) ? result.headers.location?.value : undefined
}

/** Where a browser on the site goes when told `location`, as WHATWG URL resolves it. */
const resolvedHost = (location: string) =>
  new URL(location, 'https://www.elevate-digital.example/faq').host

describe('viewer-request function', () => {
  it('serves the home page from index.html', () => {
    expect(request('/')).toMatchObject({ uri: '/index.html' })
  })

  it('serves an extensionless path from its prerendered index.html', () => {
    expect(request('/about')).toMatchObject({ uri: '/about/index.html' })
    expect(request('/services/seo')).toMatchObject({ uri: '/services/seo/index.html' })
  })

  it('passes the rest of the request on as CloudFront gave it', () => {
    const event = cloudFrontEvent('/about', parseRawQuery('utm_source=news%20letter'))
    const result = handler(structuredClone(event))
    expect(result).toEqual({ ...event.request, uri: '/about/index.html' })
  })

  it('passes files with an extension through untouched', () => {
    expect(request('/assets/entries/app.abc123.js')).toMatchObject({
      uri: '/assets/entries/app.abc123.js',
    })
    expect(request('/images/social-about.jpg')).toMatchObject({
      uri: '/images/social-about.jpg',
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
    expect(locationOf('/services/seo//')).toBe('/services/seo')
  })

  it('never redirects off the site, whatever the path holds', () => {
    const attempts = [
      '//evil.example/',
      '///evil.example/',
      '/\\evil.example/',
      '\\\\evil.example/',
      '/\\/evil.example/',
      '/.//evil.example/',
      '/%2e//evil.example/',
      '/./\\evil.example/',
      '/\t/evil.example/',
      '//evil.example/path/',
      '//evil.example//',
      '/%2F%2Fevil.example/',
      '/%5C%5Cevil.example/',
    ]
    for (const uri of attempts) {
      const location = locationOf(uri)
      expect(location, uri).toBeDefined()
      expect(location, uri).toMatch(/^\/(?![/\\])/)
      expect(resolvedHost(location as string), uri).toBe('www.elevate-digital.example')
    }
    expect(locationOf('//evil.example/')).toBe('/evil.example')
  })

  it('stays on the site for any path of slashes, backslashes, dots and letters', () => {
    const alphabet = ['/', '\\', '.', '%2e', '%2f', '%5c', 'e', '\t', ':', '@']
    // Every path of up to four pieces, each ending in the slash that triggers the redirect.
    let paths = ['']
    for (let length = 0; length < 4; length++) {
      paths = paths.flatMap((path) => alphabet.map((piece) => path + piece))
      for (const path of paths) {
        const location = locationOf(`/${path}/`) ?? 'no redirect'
        expect(resolvedHost(location), JSON.stringify(path)).toBe('www.elevate-digital.example')
      }
    }
  })

  it('keeps the query string byte for byte on the redirect', () => {
    const queries = [
      'utm_source=news%20letter',
      'a=x%20y',
      'q=%25',
      'tag=a&tag=b',
      'next=%2F%2Fevil.example',
      'name=J%C3%BCrgen&city=M%C3%BCnchen',
      'plus=a+b&amp=%26&eq=a%3Db',
      'flag',
      'a=1&b=&c',
    ]
    for (const query of queries) {
      const expected = query.replace(/=(?=&|$)/g, '')
      expect(locationOf('/faq/', query), query).toBe(`/faq?${expected}`)
    }
  })

  it('keeps repeated keys in their multiValue order', () => {
    const result = request('/faq/', {
      utm_source: { value: 'news%20letter' },
      tag: { value: 'a', multiValue: [{ value: 'a' }, { value: 'b%2Cc' }] },
      flag: { value: '' },
    })
    expect(result).toMatchObject({
      headers: { location: { value: '/faq?utm_source=news%20letter&tag=a&tag=b%2Cc&flag' } },
    })
  })

  it('does not redirect the root', () => {
    expect(request('/')).not.toHaveProperty('statusCode')
  })
})

describe('parseRawQuery', () => {
  it('gives CloudFront’s shape: encoded values, repeated names in multiValue', () => {
    expect(parseRawQuery('ID=42&NoValue=&querymv=val1&querymv=val2%2Cval3&&bare')).toEqual({
      ID: { value: '42' },
      NoValue: { value: '' },
      querymv: { value: 'val1', multiValue: [{ value: 'val1' }, { value: 'val2%2Cval3' }] },
      bare: { value: '' },
    })
  })
})
