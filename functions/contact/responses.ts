import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda'

export type ContactResult = APIGatewayProxyStructuredResultV2 & {
  statusCode: number
  headers: Record<string, string>
}

/** A refusal the handler answers with its status and a message for people. */
export class HttpProblem extends Error {
  readonly status: number
  readonly headers: Record<string, string>

  constructor(status: number, message: string, headers: Record<string, string> = {}) {
    super(message)
    this.name = 'HttpProblem'
    this.status = status
    this.headers = headers
  }
}

/** What the API says, in words a visitor (or the form's error toast) can show as they are. */
export const responseMessages = {
  accepted:
    'Thank you. Your message has been received and we will get back to you within 24 hours.',
  invalidPrefix: 'Please check your details: ',
  badIdempotencyKey: 'The Idempotency-Key header must be a UUID.',
  notFound: 'There is nothing here. Enquiries are sent to POST /api/contacts.',
  methodNotAllowed: 'Enquiries can only be sent with POST.',
  tooLarge: 'Your message is too large to send. Please shorten it and try again.',
  notJson: 'Please send the enquiry as JSON (Content-Type: application/json).',
  notForm: 'Please send the form as application/x-www-form-urlencoded.',
  notUtf8: 'Please send the enquiry as UTF-8 JSON (Content-Type: application/json; charset=utf-8).',
  formNotUtf8:
    'Your browser sent the form in a character encoding other than UTF-8, which we cannot read without changing what you wrote.',
  invalidUtf8:
    'Your message could not be read: part of it is not valid UTF-8 text, and we will not guess at what you meant.',
  malformedJson: 'The enquiry could not be read: the request body is not valid JSON.',
  keyReused:
    'This submission was already received with different details. Please reload the page and send your message again.',
  unavailable: 'Sorry, we could not save your message just now. Please try again in a few minutes.',
  /** The write and a read of it both went unanswered, for a request with an idempotency key. */
  unknownOutcome:
    'Sorry, we could not confirm that your message was saved. Please send it again: if the first one did arrive, we will still receive it only once.',
  /** The same, without a key: a second send may be a second enquiry. */
  unknownOutcomeUnkeyed:
    'Sorry, we could not confirm that your message was saved. It may have arrived: if you send it again, we may receive it twice.',
  internal: 'Sorry, something went wrong on our side. Please try again later.',
} as const

const jsonHeaders = {
  'content-type': 'application/json; charset=utf-8',
  // Answers to one visitor's submission: never cached, by CloudFront or anyone else.
  'cache-control': 'no-store',
}

export function jsonResponse(
  statusCode: number,
  body: { message: string } & Record<string, unknown>,
  headers: Record<string, string> = {},
): ContactResult {
  return { statusCode, headers: { ...jsonHeaders, ...headers }, body: JSON.stringify(body) }
}

/** The no-JavaScript form's answer: on to a prerendered page. */
export function seeOther(location: string): ContactResult {
  return { statusCode: 303, headers: { location, 'cache-control': 'no-store' }, body: '' }
}
