import { once } from 'node:events'
import { type AddressInfo, createServer as createTcpServer, type Socket } from 'node:net'
import { type LogItem, Logger as PowertoolsLogger } from '@aws-lambda-powertools/logger'
import { SESClient } from '@aws-sdk/client-ses'
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb'
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda'
import { mockClient } from 'aws-sdk-client-mock'
import type { MockInstance } from 'vitest'
import type { ContactSubmission } from '#shared/contact.ts'
import { sampleEnquiry } from '#shared/sample-enquiry.ts'
import { createAwsClients } from '../aws-clients.ts'
import type { FunctionConfig } from '../config.ts'
import { type LogEntry, type Logger, loggerOver } from '../log.ts'

/** What the functions' tests and the local stack's fault tests share (no handler imports it). */
export const testConfig: FunctionConfig = {
  enquiriesTable: 'enquiries-test',
  senderEmail: 'website@elevate-digital.example',
  agencyEmail: 'hello@elevate-digital.example',
  region: 'eu-west-2',
}

export const validSubmission: ContactSubmission = { ...sampleEnquiry, email: 'Ada@Example.co.uk' }

/** Strings that must never reach a log line. */
export const personalValues = [
  validSubmission.firstName,
  validSubmission.lastName,
  validSubmission.email,
  validSubmission.email.toLowerCase(),
  validSubmission.phone,
  validSubmission.company,
  validSubmission.message,
]

/** A log line as CloudWatch holds it: what Powertools prints, parsed. */
export type LogLine = Readonly<Record<string, unknown>>

/**
 * A function's logger as deployed (Powertools, given each invocation's context by the handler),
 * its lines kept in `lines` instead of printed.
 */
export function keptLinesLogger(lines: LogLine[]): Logger {
  class KeptLines extends PowertoolsLogger {
    protected override printLog(_level: number, line: LogItem): void {
      lines.push(line.getAttributes())
    }
  }
  return loggerOver(new KeptLines({ serviceName: 'test' }))
}

/** Mocks of the document client and SES: every client of those the handlers create answers from them. */
export const mockAwsClients = () => ({
  dynamo: mockClient(DynamoDBDocumentClient),
  ses: mockClient(SESClient),
})

/** Clients for a test config: the credentials only keep the SDK from looking for real ones. */
export const testClients = (config: FunctionConfig = testConfig) =>
  createAwsClients(config, { credentials: { accessKeyId: 'a', secretAccessKey: 'b' } })

/** What a function's factory takes in the tests: the test config and clients, logs kept, a fixed clock. */
export const testDependencies = (logs: LogEntry[], now: Date) => ({
  config: testConfig,
  clients: testClients(),
  log: (entry: LogEntry) => logs.push(entry),
  now: () => now,
})

/** An error as the SDK throws it: its name says which (ThrottlingException, TimeoutError...). */
export const awsError = (name: string, message: string) =>
  Object.assign(new Error(message), { name })

export interface EventOptions {
  readonly method?: string
  readonly path?: string
  readonly headers?: Record<string, string>
  readonly body?: string
  readonly isBase64Encoded?: boolean
}

export function httpEvent(options: EventOptions = {}): APIGatewayProxyEventV2 {
  const method = options.method ?? 'POST'
  const path = options.path ?? '/api/contacts'
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: path,
    rawQueryString: '',
    headers: options.headers ?? { 'content-type': 'application/json' },
    requestContext: {
      accountId: '000000000000',
      apiId: 'test',
      domainName: 'www.elevate-digital.example',
      domainPrefix: 'www',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '192.0.2.1', userAgent: 'test' },
      requestId: 'request-1',
      routeKey: '$default',
      stage: '$default',
      time: '21/Nov/2026:12:00:00 +0000',
      timeEpoch: 0,
    },
    ...(options.body === undefined ? {} : { body: options.body }),
    isBase64Encoded: options.isBase64Encoded ?? false,
  }
}

export function jsonEvent(payload: unknown, headers: Record<string, string> = {}) {
  return httpEvent({
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(payload),
  })
}

/** A urlencoded form post, base64-encoded as API Gateway's HTTP API delivers it. */
export function formEvent(fields: Record<string, string>) {
  return httpEvent({
    path: '/api/contacts/form',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: Buffer.from(new URLSearchParams(fields).toString()).toString('base64'),
    isBase64Encoded: true,
  })
}

export const testContext = {
  awsRequestId: 'aws-request-1',
  functionName: 'contact',
  getRemainingTimeInMillis: () => 40_000,
} as unknown as Context

/** How a scripted endpoint answers one request. */
export type EndpointBehaviour =
  /** Accepts the request and never answers (a hung service, a lost route). */
  | 'hang'
  | {
      readonly status?: number
      readonly contentType?: string
      readonly body: string
      /**
       * Sends the answer one byte at a time, `everyMs` apart: from its first byte (`headers`), or
       * the headers at once and then the body (`body`), as a struggling service does.
       */
      readonly drip?: { readonly from: 'headers' | 'body'; readonly everyMs: number }
    }

export interface ScriptedEndpoint {
  readonly url: string
  /** The requests received, as `x-amz-target` (DynamoDB) or the `Action` of a query body (SES). */
  readonly received: string[]
  close(): Promise<void>
}

/**
 * An HTTP endpoint on loopback whose answers a test scripts per request, down to the byte: what
 * the AWS SDK meets when a service hangs or drips (an emulator only ever answers promptly).
 */
export async function startScriptedEndpoint(
  behaviour: (operation: string, body: string) => EndpointBehaviour,
): Promise<ScriptedEndpoint> {
  const received: string[] = []
  const sockets = new Set<Socket>()
  const server = createTcpServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => {})
    let buffered = Buffer.alloc(0)
    socket.on('data', (chunk) => {
      buffered = Buffer.concat([buffered, chunk])
      const headerEnd = buffered.indexOf('\r\n\r\n')
      if (headerEnd < 0) return
      const head = buffered.subarray(0, headerEnd).toString('latin1')
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0)
      if (buffered.length < headerEnd + 4 + length) return
      const body = buffered.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8')
      buffered = buffered.subarray(headerEnd + 4 + length)
      const operation =
        /\r\nx-amz-target: *[\w.]+\.(\w+)/i.exec(head)?.[1] ??
        /(?:^|&)Action=(\w+)/.exec(body)?.[1] ??
        'unknown'
      received.push(operation)
      answer(socket, behaviour(operation, body))
    })
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

function answer(socket: Socket, behaviour: EndpointBehaviour) {
  if (behaviour === 'hang') return
  const body = Buffer.from(behaviour.body)
  const head = Buffer.from(
    `HTTP/1.1 ${behaviour.status ?? 200} OK\r\nContent-Type: ${behaviour.contentType ?? 'application/x-amz-json-1.0'}\r\nContent-Length: ${body.length}\r\n\r\n`,
  )
  const whole = Buffer.concat([head, body])
  if (!behaviour.drip) {
    socket.write(whole)
    return
  }
  let sent = behaviour.drip.from === 'body' ? head.length : 0
  if (sent > 0) socket.write(whole.subarray(0, sent))
  const timer = setInterval(() => {
    if (socket.destroyed || sent >= whole.length) {
      clearInterval(timer)
      return
    }
    socket.write(whole.subarray(sent, sent + 1))
    sent++
  }, behaviour.drip.everyMs)
}

/** The CloudWatch embedded-metric (EMF) documents written to a spied-on stdout, parsed. */
export function emfLines(write: MockInstance) {
  return write.mock.calls
    .map((call: unknown[]) => String(call[0]))
    .filter((line: string) => line.includes('"_aws"'))
    .map((line: string) => JSON.parse(line))
}
