import type { Readable } from 'node:stream'
import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb'
import { SESClient, type SESClientConfig } from '@aws-sdk/client-ses'
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb'
import type { FunctionConfig } from './config.ts'

export interface AwsClients {
  readonly documentClient: DynamoDBDocumentClient
  readonly ses: SESClient
}

/** Settings every client shares; `credentials` is only ever given by an emulated stack. */
export type ClientOverrides = Pick<DynamoDBClientConfig, 'credentials'>

/**
 * Per-attempt deadlines of the visitor's path. `requestTimeout` alone only logs a warning in the
 * installed `@smithy/node-http-handler`; `throwOnRequestTimeout` makes a hung endpoint (one that
 * accepts the connection and never answers) fail the attempt. An attempt may take as long as the
 * put's share of the budget (6 s, contact/store-confirmed.ts): a slow table's answer is waited
 * for whole, not abandoned at 2 s and sent again on top of itself (retries that pile onto a slow
 * table until none answers in time), and a put cut off is then read back, which tells. The SDK
 * still retries what fails fast (a throttle, a refused or dropped connection); the caller's
 * budget caps the attempts together through an abort signal.
 */
export const requestHandlerOptions = {
  connectionTimeout: 1_000,
  requestTimeout: 6_000,
  throwOnRequestTimeout: true,
} as const
export interface RequestHandlerOptions {
  readonly connectionTimeout: number
  readonly requestTimeout: number
  readonly throwOnRequestTimeout: boolean
  readonly httpAgent?: { readonly keepAlive: boolean; readonly maxSockets: number }
  readonly httpsAgent?: { readonly keepAlive: boolean; readonly maxSockets: number }
}

/**
 * The senders' calls never wait for a free socket (Smithy's agents allow 50): a call queued
 * behind others whose SES or table is slow would spend its own time limit queueing, and its
 * abort would then read as an outcome unknown though the request never left. The senders bound
 * how many calls are in flight themselves (a batch of 10, the retry's 16).
 */
const unqueuedAgents = {
  httpAgent: { keepAlive: true, maxSockets: Number.POSITIVE_INFINITY },
  httpsAgent: { keepAlive: true, maxSockets: Number.POSITIVE_INFINITY },
}

/**
 * The functions off the visitor's wait (the senders, the digest) wait 5 s per DynamoDB attempt:
 * a write answered after 3 s is still an answer, where a short limit would abandon it and a slow
 * table would never record a send (docs/decisions/0034). Their sockets are never queued for.
 */
export const offPathRequestHandlerOptions: RequestHandlerOptions = {
  ...requestHandlerOptions,
  requestTimeout: 5_000,
  ...unqueuedAgents,
}
/** DynamoDB's writes are conditional or idempotent: an SDK retry never doubles one. */
const dynamoDbMaxAttempts = 3

/**
 * SES gets one attempt per pipeline try: a SendEmail that timed out may have been delivered, and
 * an SDK retry would send the same e-mail again (3 attempts × 2 s against an SES answering in
 * 2.5 s gave 3 e-mails per try). No short per-attempt limit either: an answer slower than 2 s
 * but inside the caller's own limit (its abort signal, 15 s: send-timing.ts) counts as sent.
 * `requestTimeout` is only a backstop for a caller without a signal, past every caller's own.
 */
export const sesRequestHandlerOptions: RequestHandlerOptions = {
  connectionTimeout: 1_000,
  requestTimeout: 20_000,
  throwOnRequestTimeout: true,
  ...unqueuedAgents,
}
export const SES_MAX_ATTEMPTS = 1

/**
 * The body of an AWS answer, read as the Node stream it always is here. The SDK's own collector
 * first asks whether it is a web `ReadableStream`, and Node loads its web streams on that
 * global's first read: 1.8 ms of CPU on a cold start's first request.
 */
async function collectNodeStream(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk)
  return Buffer.concat(chunks)
}

/**
 * What the SDK would otherwise look up on the first request, in the environment and in shared
 * config files a Lambda never has: its own defaults, given, and an app id for the user agent
 * (CloudTrail shows it); with these, no config file is read at all. And the body reader above.
 */
const settledSettings = {
  retryMode: 'standard',
  useDualstackEndpoint: false,
  useFipsEndpoint: false,
  defaultsMode: 'legacy',
  authSchemePreference: [],
  disableClockSkewCorrection: false,
  userAgentAppId: 'elevate-digital-enquiries',
  streamCollector: collectNodeStream,
} satisfies SESClientConfig & DynamoDBClientConfig

export function createAwsClients(
  config: FunctionConfig,
  overrides: ClientOverrides = {},
): AwsClients {
  return {
    documentClient: createDocumentClient(config, overrides, offPathRequestHandlerOptions),
    ses: createSesClient(config, overrides),
  }
}

/**
 * The table's client alone: for a function that never sends e-mail (the contact function, on
 * the visitor's wait: `requestHandlerOptions` unless told otherwise).
 */
export function createDocumentClient(
  config: FunctionConfig,
  overrides: ClientOverrides = {},
  requestHandler: RequestHandlerOptions = requestHandlerOptions,
): DynamoDBDocumentClient {
  const dynamoDb = new DynamoDBClient({
    ...settledSettings,
    accountIdEndpointMode: 'preferred',
    endpointDiscoveryEnabled: false,
    region: config.region,
    maxAttempts: dynamoDbMaxAttempts,
    requestHandler,
    ...(config.dynamoDbEndpoint ? { endpoint: config.dynamoDbEndpoint } : {}),
    ...overrides,
  })
  return DynamoDBDocumentClient.from(dynamoDb, {
    marshallOptions: { removeUndefinedValues: true },
  })
}

export function createSesClient(
  config: FunctionConfig,
  overrides: ClientOverrides = {},
): SESClient {
  return new SESClient({
    ...settledSettings,
    region: config.region,
    maxAttempts: SES_MAX_ATTEMPTS,
    requestHandler: sesRequestHandlerOptions,
    ...(config.sesEndpoint ? { endpoint: config.sesEndpoint } : {}),
    ...overrides,
  })
}
