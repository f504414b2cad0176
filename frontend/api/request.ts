/**
 * The one way the browser calls the site's API (spec §7 "Generic request behaviour"): same-origin
 * with credentials, JSON only when there is a body, and any non-OK response turned into an error
 * whose message is `<status>: <body text>` (or the status text when the body is empty).
 */

/** A non-OK response. `message` follows the spec's error format; `status` is there for callers that branch on it. */
export class HttpError extends Error {
  readonly status: number
  readonly body: string

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`)
    this.name = 'HttpError'
    this.status = status
    this.body = body
  }
}

/** Throws an `HttpError` for a non-OK response; returns quietly otherwise. */
export async function throwIfResNotOk(response: Response): Promise<void> {
  if (response.ok) return
  const body = await response.text().catch(() => '')
  throw new HttpError(response.status, response.statusText, body)
}

export interface RequestOptions {
  /** Extra headers, e.g. an idempotency key. */
  readonly headers?: Readonly<Record<string, string>>
  readonly signal?: AbortSignal
  /** For tests; the global `fetch` otherwise. */
  readonly fetch?: typeof fetch
}

/** Sends `method url`, with `body` as JSON when one is given, and resolves with the OK response. */
export async function apiRequest(
  method: string,
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers }
  const init: RequestInit = { method, credentials: 'include', headers }
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json'
    init.body = JSON.stringify(body)
  }
  if (options.signal) init.signal = options.signal
  const response = await (options.fetch ?? fetch)(url, init)
  await throwIfResNotOk(response)
  return response
}
