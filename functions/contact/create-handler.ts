import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware'
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware'
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb'
import middy from '@middy/core'
import httpHeaderNormalizer from '@middy/http-header-normalizer'
import httpJsonBodyParser from '@middy/http-json-body-parser'
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda'
import { contactApi } from '#shared/contact.ts'
import { syntheticEnquiry } from '#shared/synthetic-enquiry.ts'
import type { FunctionConfig } from '../config.ts'
import { createEnquiryStore } from '../enquiries/store.ts'
import { isSyntheticMarker } from '../enquiries/synthetic.ts'
import type { LogMetricsAndClock } from '../lambda-dependencies.ts'
import { errorName, jsonLogger, type Logger } from '../log.ts'
import type { AnswerShell } from './answer-shell.ts'
import { invalidFormPage, refusedFormPage } from './form-pages.ts'
import { type ContactRoute, idempotencyKeyOf, readBody, routeOf, sentBody } from './request.ts'
import {
  type ContactResult,
  HttpProblem,
  jsonResponse,
  responseMessages,
  seeOther,
} from './responses.ts'
import { type SubmitOutcome, submitEnquiry } from './submit.ts'

export interface ContactHandlerDependencies extends LogMetricsAndClock {
  readonly config: FunctionConfig
  /** The table's client: the contact function has no e-mail client (it never sends one). */
  readonly clients: { readonly documentClient: DynamoDBDocumentClient }
  /**
   * The key the canary signs its synthetic enquiries with; without it, every enquiry is an
   * ordinary one.
   */
  readonly syntheticKey?: string | undefined
  /**
   * The site's page around the no-JavaScript form's answers.
   * @default - none: those answers are pages of their own
   */
  readonly answerShell?: AnswerShell
}

/**
 * `POST /api/contacts` (JSON) and `POST /api/contacts/form` (the form without JavaScript):
 * Middy wiring only, one chain per route; the pipeline itself is `submitEnquiry`.
 */
export function createContactHandler(deps: ContactHandlerDependencies) {
  const log = deps.log ?? jsonLogger
  /** Each request's body as it was sent, until its answer (the event is the key). */
  const sentBodies = new WeakMap<APIGatewayProxyEventV2, Uint8Array>()
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
    // Every line this invocation logs carries its request id.
    if (log.powertools) handler.use(injectLambdaContext(log.powertools))
    handler
      .use({
        // Every refusal, whoever raised it, leaves with a message a person can read: JSON, or
        // the form's page.
        onError: (request) => {
          const refusal = problemRefusal(request.error, log)
          request.response =
            route === 'form'
              ? refusedFormPage(
                  refusal.status,
                  refusal.message,
                  refusal.headers,
                  request.event.body,
                  deps.answerShell,
                )
              : refusalJson(refusal)
        },
      })
      .use(httpHeaderNormalizer())
      .use({
        before: (request) => {
          // The canary's marker signs the body's exact bytes: kept before the body is parsed.
          sentBodies.set(request.event, sentBody(request.event))
          readBody(request.event)
        },
      })
    // The content type is already checked (in any case, with any spacing before its
    // parameters): the parser must not judge it again by its own, narrower rule.
    if (route === 'json') handler.use(httpJsonBodyParser({ disableContentTypeCheck: true }))
    return handler.handler(async (event) => {
      const idempotencyKey = idempotencyKeyOf(event)
      const outcome = await submitEnquiry(submit, {
        payload: event.body as unknown,
        idempotencyKey,
        synthetic: isSyntheticMarker(
          deps.syntheticKey,
          {
            marker: event.headers?.[syntheticEnquiry.header],
            idempotencyKey,
            body: sentBodies.get(event),
          },
          submit.now(),
        ),
      })
      return route === 'form'
        ? formAnswer(outcome, event.body, deps.answerShell)
        : jsonAnswer(outcome)
    })
  }
  const json = routeHandler('json')
  const form = routeHandler('form')
  // Any other path gets the JSON route's refusal (404).
  return (event: APIGatewayProxyEventV2, context: Context): Promise<ContactResult> =>
    (isFormPost(event) ? form : json)(event, context)
}

/** A refusal in words for people, with its status and any headers (`retry-after`). */
interface Refusal {
  readonly status: number
  readonly message: string
  readonly headers: Record<string, string>
}

type RefusedOutcome = Extract<SubmitOutcome, { kind: 'key-reused' | 'unavailable' | 'unknown' }>

function outcomeRefusal(outcome: RefusedOutcome): Refusal {
  switch (outcome.kind) {
    case 'key-reused':
      return { status: 422, message: responseMessages.keyReused, headers: {} }
    case 'unavailable':
      return {
        status: 503,
        message: responseMessages.unavailable,
        headers: { 'retry-after': '60' },
      }
    case 'unknown':
      // The table did not answer in time, as a gateway's upstream that times out: 504, which
      // the form words as "we can't be sure it arrived; sending again is safe".
      return {
        status: 504,
        message: outcome.keyed
          ? responseMessages.unknownOutcome
          : responseMessages.unknownOutcomeUnkeyed,
        headers: {},
      }
  }
}

const refusalJson = (refusal: Refusal): ContactResult =>
  jsonResponse(refusal.status, { message: refusal.message }, refusal.headers)

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
    default:
      return refusalJson(outcomeRefusal(outcome))
  }
}

/**
 * The form without JavaScript: on to the confirmation page, or an HTML page saying what failed
 * with the form again, filled in with what was `posted`, built from the outcome itself.
 */
function formAnswer(outcome: SubmitOutcome, posted: unknown, shell?: AnswerShell): ContactResult {
  switch (outcome.kind) {
    case 'accepted':
      return seeOther(contactApi.formSentPath)
    case 'invalid':
      return invalidFormPage(outcome.errors, posted, shell)
    default: {
      const refusal = outcomeRefusal(outcome)
      return refusedFormPage(refusal.status, refusal.message, refusal.headers, posted, shell)
    }
  }
}

/** Whether a request (however malformed) was the no-JavaScript form's post. */
function isFormPost(event: APIGatewayProxyEventV2 | undefined): boolean {
  return typeof event?.rawPath === 'string' && routeOf(event) === 'form'
}

function problemRefusal(error: unknown, log: Logger): Refusal {
  if (error instanceof HttpProblem) {
    return { status: error.status, message: error.message, headers: error.headers }
  }
  // Middy's body parser: a 4xx (422) for JSON it cannot parse (or that smuggles `__proto__`).
  const status = (error as { statusCode?: unknown } | undefined)?.statusCode
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, message: responseMessages.malformedJson, headers: {} }
  }
  log({ level: 'error', event: 'contact_request_failed', errorName: errorName(error) })
  return { status: 500, message: responseMessages.internal, headers: {} }
}
