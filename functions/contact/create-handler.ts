import middy from '@middy/core'
import httpJsonBodyParser from '@middy/http-json-body-parser'
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda'
import { contactApi } from '../../shared/contact.ts'
import type { AwsClients } from '../aws-clients.ts'
import type { FunctionConfig } from '../config.ts'
import { createEnquiryStore } from '../enquiries/store.ts'
import { errorName, jsonLogger, type Logger } from '../log.ts'
import { noMetrics, type PipelineMetrics } from '../metrics.ts'
import { tableRepeatLookup } from '../spam/repeats.ts'
import { invalidFormPage, refusedFormPage } from './form-pages.ts'
import { bodyText, checkRequest, idempotencyKeyOf, parseFormBody, routeOf } from './request.ts'
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
  readonly clients: AwsClients
  readonly log?: Logger
  /** @default noMetrics */
  readonly metrics?: PipelineMetrics
  readonly now?: () => Date
}

type ContactHandlerRequest = middy.Request<APIGatewayProxyEventV2, ContactResult, Error, Context>

/**
 * `POST /api/contacts` (JSON) and `POST /api/contacts/form` (the form without JavaScript):
 * Middy wiring only; the pipeline itself is `submitEnquiry`.
 */
export function createContactHandler(deps: ContactHandlerDependencies) {
  const log = deps.log ?? jsonLogger
  const jsonBodyParser = httpJsonBodyParser<APIGatewayProxyEventV2>({
    disableContentTypeCheck: true,
  })
  const notify = {
    repeats: tableRepeatLookup(deps.clients.documentClient, deps.config.enquiriesTable),
    ses: deps.clients.ses,
    store: createEnquiryStore(deps.clients.documentClient, deps.config.enquiriesTable),
    addresses: deps.config,
    log,
    metrics: deps.metrics ?? noMetrics,
    now: deps.now ?? (() => new Date()),
  }

  // Used first, so it runs last: whatever the answer, this invocation's metrics are written once.
  const publishMetrics = () => notify.metrics.publish()
  const metricsPublisher = { after: publishMetrics, onError: publishMetrics }
  return middy<APIGatewayProxyEventV2, ContactResult, Error, Context>()
    .use(metricsPublisher)
    .use({
      // Every refusal, whoever raised it, leaves as JSON with a message a person can read.
      onError: (request: ContactHandlerRequest) => {
        const problem = problemResponse(request.error, log, request.context?.awsRequestId)
        request.response = isFormPost(request.event)
          ? asFormPage(problem, request.event.body)
          : problem
      },
    })
    .use({
      before: (request: ContactHandlerRequest) => {
        const route = checkRequest(request.event)
        if (route === 'form') {
          ;(request.event as { body: unknown }).body = parseFormBody(bodyText(request.event))
          return
        }
        // The body's bytes must be UTF-8 for either route (the parser would replace what is not).
        ;(request.event as { body: unknown }).body = bodyText(request.event)
        request.event.isBase64Encoded = false
        // checkRequest has already accepted the content type (in any header case, with any
        // spacing before its parameters); the parser must not judge it again by its own,
        // narrower rule and pass the body on unparsed.
        return jsonBodyParser.before?.(request)
      },
    })
    .handler(async (event, context) => {
      const outcome = await submitEnquiry(notify, {
        payload: event.body as unknown,
        idempotencyKey: idempotencyKeyOf(event),
        requestId: context?.awsRequestId,
      })
      return routeOf(event) === 'form' ? formAnswer(outcome, event.body) : jsonAnswer(outcome)
    })
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

function problemResponse(
  error: unknown,
  log: Logger,
  requestId: string | undefined,
): ContactResult {
  if (error instanceof HttpProblem) {
    return jsonResponse(error.status, { message: error.message }, error.headers)
  }
  // Middy's body parser: a 4xx (422) for JSON it cannot parse (or that smuggles `__proto__`).
  const status = (error as { statusCode?: unknown } | undefined)?.statusCode
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return jsonResponse(status, { message: responseMessages.malformedJson })
  }
  log({ level: 'error', event: 'contact_request_failed', requestId, errorName: errorName(error) })
  return jsonResponse(500, { message: responseMessages.internal })
}
