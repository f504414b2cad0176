// CloudFront viewer-request function (runtime cloudfront-js-2.0), also run by the local server.
// It must stay a plain script defining `handler`: CloudFront Functions allow no imports or exports.
//
// Canonical URLs have no trailing slash: `/about/` answers 301 to `/about`, and `/about` is
// served from the prerendered `about/index.html`. Paths with a file extension pass through.
//
// CloudFront hands the function the URI exactly as the viewer sent it (it may start with `//`
// or hold `\`) and query values still percent-encoded. A redirect built from either unchanged
// would be an open redirect (`//evil.example` is another host to a browser) or would encode the
// query twice (`%20` → `%2520`).

// biome-ignore lint/correctness/noUnusedVariables: CloudFront calls `handler` by name.
function handler(event) {
  const request = event.request
  const uri = request.uri

  if (uri.length > 1 && uri.charAt(uri.length - 1) === '/') {
    const location = sameSitePath(uri).replace(/\/+$/, '') || '/'
    const query = serializeQuery(request.querystring)
    return {
      statusCode: 301,
      statusDescription: 'Moved Permanently',
      headers: {
        location: { value: query ? `${location}?${query}` : location },
        'cache-control': { value: 'public, max-age=3600' },
      },
    }
  }

  if (uri === '/') {
    request.uri = '/index.html'
  } else if (!/\.[A-Za-z0-9]+$/.test(uri.slice(uri.lastIndexOf('/') + 1))) {
    request.uri = `${uri}/index.html`
  }
  return request
}

// Browsers ignore tabs and line breaks in a Location, read `\` as `/`, and take a path that
// starts with two of those as another host: every run of slashes and backslashes becomes one
// slash, so the result is always a path on this site.
function sameSitePath(uri) {
  return uri.replace(/[\t\n\r]/g, '').replace(/[/\\]+/g, '/')
}

// Names and values go back exactly as received (already percent-encoded); a name without a
// value is written bare.
function serializeQuery(querystring) {
  const parts = []
  const names = Object.keys(querystring || {})
  for (let i = 0; i < names.length; i++) {
    const entry = querystring[names[i]]
    const values = entry.multiValue ? entry.multiValue : [entry]
    for (let j = 0; j < values.length; j++) {
      const value = values[j].value
      parts.push(value === '' ? names[i] : `${names[i]}=${value}`)
    }
  }
  return parts.join('&')
}
