import type { Metrics } from '@aws-lambda-powertools/metrics'
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware'
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb'
import middy from '@middy/core'
import httpHeaderNormalizer from '@middy/http-header-normalizer'
import httpJsonBodyParser from '@middy/http-json-body-parser'
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda'
import { contactApi } from '../../shared/contact.ts'
import type { FunctionConfig } from '../config.ts'
import { createEnquiryStore } from '../enquiries/store.ts'
import { errorName, jsonLogger, type Logger, withRequestId } from '../log.ts'
import { invalidFormPage, refusedFormPage } from './form-pages.ts'
import { type ContactRoute, idempotencyKeyOf, readBody, routeOf } from './request.ts'
import {
  type ContactResult,
  HttpProblem,
  jsonResponse,
  responseMessages,
  seeOther,
} from './responses.ts'
import { type SubmitOutcome, submitEnquiry } from './submit.ts'

export interface ContactHandlerDependencies {
  readonly config: FunctionConfig
  /** The table's client: the contact function has no e-mail client (it never sends one). */
  readonly clients: { readonly documentClient: DynamoDBDocumentClient }
  readonly log?: Logger
  /** Powertools metrics, flushed once per invocation; without them, none are recorded. */
  readonly metrics?: Metrics
  readonly now?: () => Date
}

/**
 * `POST /api/contacts` (JSON) and `POST /api/contacts/form` (the form without JavaScript):
 * Middy wiring only, one chain per route; the pipeline itself is `submitEnquiry`.
 */
export function createContactHandler(deps: ContactHandlerDependencies) {
  const log = deps.log ?? jsonLogger
  const submit = {
    store: createEnquiryStore(deps.clients.documentClient, deps.config.enquiriesTable),
    log,
    metrics: deps.metrics,
    now: deps.now ?? (() => new Date()),
  }

  const routeHandler = (route: ContactRoute) => {
    const handler = middy<APIGatewayProxyEventV2, ContactResult, Error, Context>()
    // Used first, so it runs last: whatever the answer, this invocation's metrics are written once.
    if (deps.metrics) handler.use(logMetrics(deps.metrics))
    handler
      .use({
        // Every refusal, whoever raised it, leaves with a message a person can read: JSON, or
        // the form's page.
        onError: (request) => {
          const problem = problemResponse(request.error, withRequestId(log, request.context))
          request.response = route === 'form' ? asFormPage(problem, request.event.body) : problem
        },
      })
      .use(httpHeaderNormalizer())
      .use({ before: (request) => readBody(request.event) })
    // The content type is already checked (in any case, with any spacing before its
    // parameters): the parser must not judge it again by its own, narrower rule.
    if (route === 'json') handler.use(httpJsonBodyParser({ disableContentTypeCheck: true }))
    return handler.handler(async (event, context) => {
      const outcome = await submitEnquiry(
        { ...submit, log: withRequestId(log, context) },
        { payload: event.body as unknown, idempotencyKey: idempotencyKeyOf(event) },
      )
      return route === 'form' ? formAnswer(outcome, event.body) : jsonAnswer(outcome)
    })
  }
  const json = routeHandler('json')
  const form = routeHandler('form')
  // Any other path gets the JSON route's refusal (404).
  return (event: APIGatewayProxyEventV2, context: Context): Promise<ContactResult> =>
    (isFormPost(event) ? form : json)(event, context)
}

function jsonAnswer(outcome: SubmitOutcome): ContactResult {
  switch (outcome.kind) {
    case 'accepted':
      return jsonResponse(201, {
        message: responseMessages.accepted,
        id: outcome.id,
        createdAt: outcome.createdAt,
      })
    case 'invalid':
      return jsonResponse(400, {
        message: responseMessages.invalidPrefix + Object.values(outcome.errors).join('; '),
        errors: outcome.errors,
      })
    case 'key-reused':
      return jsonResponse(422, { message: responseMessages.keyReused })
    case 'unavailable':
      return jsonResponse(503, { message: responseMessages.unavailable }, { 'retry-after': '60' })
  }
}

/**
 * The form without JavaScript: on to the confirmation page, or an HTML page saying what failed
 * with the form again, filled in with what was `posted`.
 */
function formAnswer(outcome: SubmitOutcome, posted: unknown): ContactResult {
  if (outcome.kind === 'accepted') return seeOther(contactApi.formSentPath)
  if (outcome.kind === 'invalid') return invalidFormPage(outcome.errors, posted)
  return asFormPage(jsonAnswer(outcome), posted)
}

/** Whether a request (however malformed) was the no-JavaScript form's post. */
function isFormPost(event: APIGatewayProxyEventV2 | undefined): boolean {
  return typeof event?.rawPath === 'string' && routeOf(event) === 'form'
}

/** A JSON refusal as the HTML page a browser shows, with the same status, headers and message. */
function asFormPage(answer: ContactResult, posted: unknown): ContactResult {
  let message: string = responseMessages.internal
  try {
    const parsed = JSON.parse(String(answer.body)) as { message?: unknown }
    if (typeof parsed.message === 'string') message = parsed.message
  } catch {
    // Every JSON answer here carries a message; keep the generic one if not.
  }
  return refusedFormPage(answer.statusCode, message, answer.headers, posted)
}

function problemResponse(error: unknown, log: Logger): ContactResult {
  if (error instanceof HttpProblem) {
    return jsonResponse(error.status, { message: error.message }, error.headers)
  }
  // Middy's body parser: a 4xx (422) for JSON it cannot parse (or that smuggles `__proto__`).
  const status = (error as { statusCode?: unknown } | undefined)?.statusCode
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return jsonResponse(status, { message: responseMessages.malformedJson })
  }
  log({ level: 'error', event: 'contact_request_failed', errorName: errorName(error) })
  return jsonResponse(500, { message: responseMessages.internal })
}
