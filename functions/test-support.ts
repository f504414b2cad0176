import type { APIGatewayProxyEventV2, Context } from 'aws-lambda'
import type { ContactSubmission } from '../shared/contact.ts'
import { sampleEnquiry } from '../shared/sample-enquiry.ts'
import type { FunctionConfig } from './config.ts'

/** Test fixtures shared by the functions' tests (not shipped: no handler imports it). */
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
  getRemainingTimeInMillis: () => 10_000,
} as unknown as Context
