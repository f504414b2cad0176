import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyResultV2,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda'

export type HttpApiHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyResultV2>

/** API Gateway's own payload limit (10 MB); the handler applies its much smaller one. */
const maxPayloadBytes = 10 * 1024 * 1024
/** The Lambda timeout the CDK stack sets; Middy aborts just before it. */
const timeoutMs = 10_000

/** Bodies HTTP APIs pass through as text; everything else (forms included) arrives base64-encoded. */
const textContentType = /^(text\/|application\/([a-z0-9.+-]+\+)?(json|xml|javascript))/i

/** The payload format 2.0 event API Gateway's HTTP API gives a Lambda for this request. */
export function toHttpApiEvent(
  req: IncomingMessage,
  body: Buffer,
  options: { routeKey?: string } = {},
): APIGatewayProxyEventV2 {
  const url = new URL(req.url ?? '/', 'http://localhost')
  const headers: Record<string, string> = {}
  const cookies: string[] = []
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue
    if (name === 'cookie') {
      cookies.push(...String(value).split(/;\s*/).filter(Boolean))
      continue
    }
    headers[name] = Array.isArray(value) ? value.join(',') : value
  }
  const query: Record<string, string> = {}
  for (const name of new Set(url.searchParams.keys())) {
    query[name] = url.searchParams.getAll(name).join(',')
  }
  const now = new Date()
  const method = (req.method ?? 'GET').toUpperCase()
  const routeKey = options.routeKey ?? '$default'
  const isText = textContentType.test(headers['content-type'] ?? '')
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    ...(cookies.length > 0 ? { cookies } : {}),
    headers,
    ...(Object.keys(query).length > 0 ? { queryStringParameters: query } : {}),
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: (headers.host ?? 'localhost').split('.')[0] ?? 'localhost',
      http: {
        method,
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    ...(body.length > 0
      ? { body: isText ? body.toString('utf8') : body.toString('base64'), isBase64Encoded: !isText }
      : { isBase64Encoded: false }),
  }
}

export function lambdaContext(functionName: string): Context {
  const deadline = Date.now() + timeoutMs
  const awsRequestId = randomUUID()
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:eu-west-2:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => {},
    fail: () => {},
    succeed: () => {},
  }
}

/** Writes a Lambda's answer the way API Gateway does (payload format 2.0). */
export function writeHttpApiResult(res: ServerResponse, result: APIGatewayProxyResultV2): void {
  // A bare value (not a structured result) is sent as a 200 JSON body.
  const structured: APIGatewayProxyStructuredResultV2 =
    typeof result === 'object' && result !== null && 'statusCode' in result
      ? (result as APIGatewayProxyStructuredResultV2)
      : {
          statusCode: 200,
          headers: { 'content-type': 'application/json' },
          body: typeof result === 'string' ? result : JSON.stringify(result),
        }
  for (const [name, value] of Object.entries(structured.headers ?? {})) {
    res.setHeader(name, String(value))
  }
  if (structured.cookies?.length) res.setHeader('set-cookie', structured.cookies)
  const body = structured.body
    ? Buffer.from(structured.body, structured.isBase64Encoded ? 'base64' : 'utf8')
    : Buffer.alloc(0)
  res.setHeader('content-length', body.length)
  res.writeHead(structured.statusCode ?? 200)
  res.end(body)
}

async function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > maxPayloadBytes) return undefined
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

/** Serves a request with a Lambda handler, as an HTTP API's Lambda integration does. */
export function httpApiRoute(handler: HttpApiHandler, functionName: string) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const body = await readBody(req)
    if (!body) {
      writeHttpApiResult(res, {
        statusCode: 413,
        headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
        body: JSON.stringify({ message: 'Request Entity Too Large' }),
      })
      return
    }
    let result: APIGatewayProxyResultV2
    try {
      result = await handler(toHttpApiEvent(req, body), lambdaContext(functionName))
    } catch {
      // What API Gateway answers when the function itself fails.
      result = {
        statusCode: 500,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'Internal Server Error' }),
      }
    }
    writeHttpApiResult(res, result)
  }
}
