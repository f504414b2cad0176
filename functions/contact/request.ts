import type { APIGatewayProxyEventV2 } from 'aws-lambda'
import { contactApi } from '#shared/contact.ts'
import { isUuid } from '../enquiries/item.ts'
import { HttpProblem, responseMessages } from './responses.ts'

/** `json` for the form's fetch (and any API client), `form` for the no-JavaScript post. */
export type ContactRoute = 'json' | 'form'

const jsonContentType = /^application\/([a-z0-9.+-]+\+)?json\s*(;|$)/i
const formContentType = /^application\/x-www-form-urlencoded\s*(;|$)/i
/** A `charset` parameter, quoted or not, as RFC 9110 writes media type parameters. */
const charsetParameter = /;\s*charset\s*=\s*("?)([^";\s]*)\1/i

/**
 * JSON is UTF-8 between systems (RFC 8259 §8.1), and API Gateway hands the function a JSON body
 * already read as UTF-8 text: a body declared in another charset would be stored with U+FFFD in
 * place of its accented letters. Such a body is refused, saying why, rather than guessed at.
 */
export function declaresOtherCharsetThanUtf8(contentType: string): boolean {
  const charset = charsetParameter.exec(contentType)?.[2]
  return charset !== undefined && !/^utf-?8$/i.test(charset)
}

/**
 * Which contact path a request is for. Deployed, CloudFront reaches the routes under one leading
 * segment of its own (the stage's secret, infra/constructs/contact-api.ts), which API Gateway
 * routes on and leaves in the path; locally the paths come bare.
 */
export function routeOf(event: Pick<APIGatewayProxyEventV2, 'rawPath'>): ContactRoute | undefined {
  const path = event.rawPath.length > 1 ? event.rawPath.replace(/\/+$/, '') : event.rawPath
  for (const candidate of [path, path.replace(/^\/[^/]+(?=\/)/, '')]) {
    if (candidate === contactApi.path) return 'json'
    if (candidate === contactApi.formPath) return 'form'
  }
  return undefined
}

/** Decodes UTF-8 and throws on bytes that are not: a body is read as sent, or not at all. */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

function utf8Text(bytes: Uint8Array): string {
  try {
    return strictUtf8.decode(bytes)
  } catch {
    // Replacing what cannot be read (U+FFFD) would store something the visitor never wrote.
    throw new HttpProblem(400, responseMessages.invalidUtf8)
  }
}

/**
 * The request body as text. API Gateway hands a binary or form body over base64-encoded: its
 * bytes must be UTF-8, and are refused (400) when they are not.
 */
export function bodyText(event: Pick<APIGatewayProxyEventV2, 'body' | 'isBase64Encoded'>): string {
  if (event.body === undefined || event.body === null) return ''
  return event.isBase64Encoded ? utf8Text(Buffer.from(event.body, 'base64')) : event.body
}

/**
 * The request body's bytes as the client sent them: API Gateway hands a body over as UTF-8 text
 * or, for a binary one, base64-encoded.
 */
export function sentBody(event: Pick<APIGatewayProxyEventV2, 'body' | 'isBase64Encoded'>): Buffer {
  if (event.body === undefined || event.body === null) return Buffer.alloc(0)
  return Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8')
}

/**
 * Everything about a request that is refused before its body is read: unknown path (404), a
 * method other than POST (405), a body over the limit (413), a content type the route does not
 * take (415). Returns the route the request is for. Header names are lower case (Middy's
 * header normaliser runs first).
 */
export function checkRequest(event: APIGatewayProxyEventV2): ContactRoute {
  const route = routeOf(event)
  if (!route) throw new HttpProblem(404, responseMessages.notFound)
  if (event.requestContext.http.method.toUpperCase() !== 'POST') {
    throw new HttpProblem(405, responseMessages.methodNotAllowed, { allow: 'POST' })
  }
  if (sentBody(event).length > contactApi.maxBodyBytes)
    throw new HttpProblem(413, responseMessages.tooLarge)
  const contentType = event.headers?.['content-type'] ?? ''
  if (route === 'json' && !jsonContentType.test(contentType)) {
    throw new HttpProblem(415, responseMessages.notJson)
  }
  if (route === 'json' && declaresOtherCharsetThanUtf8(contentType)) {
    throw new HttpProblem(415, responseMessages.notUtf8)
  }
  if (route === 'form' && !formContentType.test(contentType)) {
    throw new HttpProblem(415, responseMessages.notForm)
  }
  // A browser sends the form in the page's encoding (UTF-8) unless something changed it; text
  // in any other would be read wrongly, and the form route cannot know what was meant.
  if (route === 'form' && declaresOtherCharsetThanUtf8(contentType)) {
    throw new HttpProblem(415, responseMessages.formNotUtf8)
  }
  return route
}

/**
 * One name or value of a urlencoded body: `+` is a space, `%XX` a byte, and the bytes must be
 * UTF-8 (URLSearchParams would turn `Zo%EB` into `Zo\uFFFD`; this refuses it). A `%` not
 * followed by two hex digits stays as it is, as URLSearchParams leaves it.
 */
function formComponent(raw: string): string {
  const bytes = raw
    .split(/(%[0-9a-f]{2})/i)
    .map((part) =>
      /^%[0-9a-f]{2}$/i.test(part)
        ? Buffer.from([Number.parseInt(part.slice(1), 16)])
        : Buffer.from(part.replaceAll('+', ' '), 'utf8'),
    )
  return utf8Text(Buffer.concat(bytes))
}

/** A urlencoded body as a plain object; the first value wins when a name repeats. */
export function parseFormBody(body: string): Record<string, string> {
  const fields: Record<string, string> = Object.create(null)
  for (const pair of body.split('&')) {
    if (pair === '') continue
    const at = pair.indexOf('=')
    const name = formComponent(at < 0 ? pair : pair.slice(0, at))
    const value = at < 0 ? '' : formComponent(pair.slice(at + 1))
    if (!(name in fields)) fields[name] = value
  }
  return { ...fields }
}

/**
 * Checks a request (`checkRequest`) and reads its body as text whose bytes were UTF-8: for the
 * form route, its fields (Middy's urlencoded parser would replace bytes that are not UTF-8
 * and turn a repeated name into an array); for the JSON route, the text Middy's JSON parser
 * reads next.
 */
export function readBody(event: APIGatewayProxyEventV2): void {
  const route = checkRequest(event)
  const text = bodyText(event)
  ;(event as { body: unknown }).body = route === 'form' ? parseFormBody(text) : text
  event.isBase64Encoded = false
}

/**
 * The submission's idempotency key, if the client sent one (from headers the normaliser has
 * lower-cased); a malformed key is refused.
 */
export function idempotencyKeyOf(
  event: Pick<APIGatewayProxyEventV2, 'headers'>,
): string | undefined {
  const value = event.headers?.[contactApi.idempotencyHeader.toLowerCase()]?.trim()
  if (value === undefined || value === '') return undefined
  if (!isUuid(value)) throw new HttpProblem(400, responseMessages.badIdempotencyKey)
  return value.toLowerCase()
}

/** Whether the hidden field only bots fill in has a value. */
export function honeypotFilled(payload: unknown): boolean {
  if (typeof payload !== 'object' || payload === null) return false
  const value = (payload as Record<string, unknown>)[contactApi.honeypotField]
  if (value === undefined || value === null) return false
  return typeof value !== 'string' || value.trim() !== ''
}
