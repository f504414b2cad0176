import { contactApi } from '#shared/contact.ts'
import { securityHeaders, toHttpHeaders } from '#shared/security-headers.ts'
import { type CheckResult, fail, pass, type TimeBudget, withCause } from './checks.ts'

/**
 * The checks of `npm run verify` a visitor's browser could make: the site and the contact API
 * through CloudFront, and the API refusing whoever goes around it. Plain GETs: nothing is stored.
 */

export type Fetch = (url: string, init: RequestInit) => Promise<Response>

async function get(budget: TimeBudget, fetcher: Fetch, url: string) {
  return budget.ask(async (signal) => {
    const response = await fetcher(url, { method: 'GET', redirect: 'manual', signal })
    // The body is read within the limit too: a body that drips would otherwise hang the run.
    const body = await response.text()
    return { status: response.status, headers: response.headers, body }
  })
}

/** The home page answers 200 with every security header the stack's policy sets, as defined. */
export async function siteCheck(
  budget: TimeBudget,
  fetcher: Fetch,
  siteUrl: string,
  analytics: boolean,
): Promise<CheckResult> {
  const name = 'site through CloudFront'
  const { status, headers } = await get(budget, fetcher, new URL('/', siteUrl).href)
  if (status !== 200) {
    return fail(
      name,
      `${siteUrl} answered ${status}: see the distribution's origin and the site bucket policy (docs/deploy.md)`,
    )
  }
  // The build's analytics setting decides the CSP, and this shell may lack the deploy's
  // environment: either definition is the shared one, and the one the settings imply is named.
  const wrongFor = (withAnalytics: boolean) =>
    Object.entries(toHttpHeaders(securityHeaders({ analytics: withAnalytics })))
      .filter(([header, value]) => headers.get(header) !== value)
      .map(([header]) => header)
  const expected = toHttpHeaders(securityHeaders({ analytics }))
  const wrong = wrongFor(analytics)
  if (wrong.length > 0 && wrongFor(!analytics).length > 0) {
    return fail(
      name,
      `missing or different security headers: ${wrong.join(', ')}; the response headers policy is not the one shared/security-headers.ts defines (deploy again)`,
    )
  }
  const variant = wrong.length === 0 ? analytics : !analytics
  return pass(
    name,
    `${siteUrl} 200 with ${Object.keys(expected).length} security headers (CSP ${variant ? 'with' : 'without'} Google Analytics)`,
  )
}

/**
 * A GET of the contact path through CloudFront reaches the contact function, which answers 405
 * `Allow: POST`: the secret origin path and header CloudFront adds match the API's.
 */
export async function contactThroughSiteCheck(
  budget: TimeBudget,
  fetcher: Fetch,
  siteUrl: string,
): Promise<CheckResult> {
  const name = `${contactApi.path} through CloudFront`
  const url = new URL(contactApi.path, siteUrl).href
  const { status, headers } = await get(budget, fetcher, url)
  if (status === 405 && /POST/.test(headers.get('allow') ?? '')) {
    return pass(name, `${url} reaches the contact function (405, Allow: POST)`)
  }
  const why: Record<number, string> = {
    404: 'no route: the origin path CloudFront adds is not the API’s secret path (deploy the site stack again)',
    403: 'refused: the origin header is not the function’s secret, or the WAF blocks the path',
    502: 'CloudFront cannot reach the API (its origin domain or certificate)',
    503: 'the API or the function is unavailable',
  }
  return fail(
    name,
    `${url} answered ${status}: ${why[status] ?? 'not the contact function'}; docs/operations.md`,
  )
}

/** The API asked directly, without the secret path, finds no route: API Gateway's own 404. */
export async function apiWithoutSecretCheck(
  budget: TimeBudget,
  fetcher: Fetch,
  apiBase: string,
): Promise<CheckResult> {
  const name = 'API without the secret path'
  const url = new URL(contactApi.path, apiBase).href
  let status: number
  try {
    ;({ status } = await get(budget, fetcher, url))
  } catch (error) {
    // A disabled execute-api name may not even resolve: nothing answers, which is the point.
    if (error instanceof TypeError) return pass(name, `${url} does not answer: ${withCause(error)}`)
    throw error
  }
  if (status === 404) return pass(name, `${url} 404 (no route)`)
  return fail(
    name,
    `${url} answered ${status}: the contact route is reachable around CloudFront (its WAF and origin checks); the route keys must start with the secret path (deploy the site stack again)`,
  )
}
