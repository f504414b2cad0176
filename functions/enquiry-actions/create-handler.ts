import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware'
import type { Metrics } from '@aws-lambda-powertools/metrics'
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware'
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb'
import middy from '@middy/core'
import httpHeaderNormalizer from '@middy/http-header-normalizer'
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda'
import { bodyText } from '../contact/request.ts'
import type { ContactResult } from '../contact/responses.ts'
import { actionsPath, tokenParameter } from '../enquiries/action-links.ts'
import type { LogMetricsAndClock } from '../lambda-dependencies.ts'
import { errorName, jsonLogger } from '../log.ts'
import { type ActionDependencies, perform, show } from './act.ts'
import { refusalPage } from './pages.ts'

export interface ActionHandlerDependencies extends LogMetricsAndClock {
  readonly documentClient: DynamoDBDocumentClient
  readonly tableName: string
  readonly key: string
  readonly stage: string
  /** Where staff read times. @default DEFAULT_AGENCY_TIME_ZONE */
  readonly timeZone?: string | undefined
  /** Counts first answers given by a link, and how long they took. @default none */
  readonly metrics?: Metrics | undefined
}

/** Whether the path is the actions path, bare (locally) or under CloudFront's secret segment. */
function isActionsPath(rawPath: string): boolean {
  const path = rawPath.replace(/\/+$/, '')
  return path === actionsPath || path.replace(/^\/[^/]+(?=\/)/, '') === actionsPath
}

/**
 * A browser's own word on where a POST came from (Fetch Metadata, sent by every current
 * browser): the button is on our page, so a post from another site is refused. The token is
 * still what authorises the action; this only keeps another site from pressing it for staff.
 */
function fromAnotherSite(event: APIGatewayProxyEventV2): boolean {
  const site = event.headers?.['sec-fetch-site']
  return site !== undefined && site !== 'same-origin' && site !== 'none'
}

function postedToken(event: APIGatewayProxyEventV2): string | undefined {
  const contentType = event.headers?.['content-type'] ?? ''
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(contentType)) return undefined
  try {
    return new URLSearchParams(bodyText(event)).get(tokenParameter) ?? undefined
  } catch {
    return undefined
  }
}

/**
 * `GET /api/enquiry-actions?t=…` (a link in the agency's e-mails: a page, nothing changed) and
 * `POST /api/enquiry-actions` (the page's button). Middy wiring only; the steps are act.ts.
 */
export function createActionHandler(deps: ActionHandlerDependencies) {
  const log = deps.log ?? jsonLogger
  const handler = middy<APIGatewayProxyEventV2, ContactResult, Error, Context>()
  // Every line this invocation logs carries its request id.
  if (log.powertools) handler.use(injectLambdaContext(log.powertools))
  if (deps.metrics) handler.use(logMetrics(deps.metrics))
  return handler
    .use(httpHeaderNormalizer())
    .use({
      // Whatever fails, a person reads a page, and nothing was changed by a failed read.
      onError: (request) => {
        log({ level: 'error', event: 'enquiry_action_failed', errorName: errorName(request.error) })
        request.response = refusalPage('unavailable')
      },
    })
    .handler(async (event) => {
      const actionDeps: ActionDependencies = {
        table: { client: deps.documentClient, tableName: deps.tableName },
        key: deps.key,
        stage: deps.stage,
        log,
        now: deps.now ?? (() => new Date()),
        timeZone: deps.timeZone,
        metrics: deps.metrics,
      }
      if (!isActionsPath(event.rawPath)) return refusalPage('malformed')
      const method = event.requestContext.http.method.toUpperCase()
      if (method === 'GET' || method === 'HEAD') {
        return show(actionDeps, event.queryStringParameters?.[tokenParameter])
      }
      if (method !== 'POST') {
        const page = refusalPage('malformed')
        return { ...page, statusCode: 405, headers: { ...page.headers, allow: 'GET, POST' } }
      }
      if (fromAnotherSite(event)) return refusalPage('crossSite')
      return perform(actionDeps, postedToken(event))
    })
}
