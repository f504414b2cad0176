import type { IncomingMessage, ServerResponse } from 'node:http'
import { DynamoDBClient } from '@aws-sdk/client-dynamodb'
import { createAwsClients } from '../../functions/aws-clients.ts'
import { type FunctionConfig, loadFunctionConfig } from '../../functions/config.ts'
import { createContactHandler } from '../../functions/contact/create-handler.ts'
import {
  LOCAL_STACK_WITHOUT_SECRET,
  requireOriginSecret,
} from '../../functions/contact/origin-check.ts'
import { jsonLogger, type Logger } from '../../functions/log.ts'
import { createRetryHandler } from '../../functions/notification-retry/create-handler.ts'
import type { RetrySummary } from '../../functions/notification-retry/retry.ts'
import { contactApi } from '../../shared/contact.ts'
import { type HttpApiHandler, httpApiRoute } from './api-gateway.ts'
import { ensureEnquiryTable, startDynalite, startSesEmulator } from './emulators.ts'

export interface ApiStackOptions {
  /** dynalite's data folder (kept across restarts); in memory when absent. */
  readonly dataDir?: string
  /** 0 (the default) picks a free port. */
  readonly dynamoDbPort?: number
  readonly sesPort?: number
  /** How often the notification retry runs; `false` never (tests run it by hand). */
  readonly retryIntervalMs?: number | false
  readonly agencyEmail?: string
  readonly senderEmail?: string
  readonly log?: Logger
}

export interface ApiStack {
  /** Serves `/api/*` on the local server, as CloudFront's `/api/*` behaviour does. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>
  /** The mailbox: a web page of every e-mail sent; `${mailboxUrl}/store` lists them as JSON. */
  readonly mailboxUrl: string
  readonly dynamoDbUrl: string
  /** The environment the functions run with here, as the CDK stack sets it in AWS. */
  readonly env: Readonly<Record<string, string>>
  readonly config: FunctionConfig
  runRetry(): Promise<RetrySummary>
  close(): Promise<void>
}

export const localTableName = 'enquiries'

/** Where the local stack's e-mails come from (in AWS, the verified sender). */
export const localSenderEmail = 'website@elevate-digital.example'

/** The emulators never check credentials, but the SDK will not sign a request without some. */
export const localCredentials = { accessKeyId: 'local', secretAccessKey: 'local' }

/**
 * The contact pipeline without AWS: dynalite for DynamoDB, aws-ses-v2-local for SES, the contact
 * handler behind an API Gateway (HTTP API) adapter and the retry function on a timer. The
 * functions get the same kind of environment the CDK stack gives them, endpoints included.
 */
export async function startApiStack(options: ApiStackOptions = {}): Promise<ApiStack> {
  const log = options.log ?? jsonLogger
  const dynamoDb = await startDynalite({ path: options.dataDir, port: options.dynamoDbPort })
  const ses = await startSesEmulator({ port: options.sesPort }).catch(async (error: unknown) => {
    await dynamoDb.close()
    throw error
  })
  const env = {
    ENQUIRIES_TABLE: localTableName,
    SENDER_EMAIL: options.senderEmail ?? localSenderEmail,
    AGENCY_EMAIL: options.agencyEmail ?? 'hello@elevate-digital.example',
    AWS_REGION: 'eu-west-2',
    DYNAMODB_ENDPOINT: dynamoDb.url,
    SES_ENDPOINT: ses.url,
  }
  const config = loadFunctionConfig(env)
  const clients = createAwsClients(config, { credentials: localCredentials })
  const admin = new DynamoDBClient({
    region: config.region,
    endpoint: config.dynamoDbEndpoint,
    credentials: localCredentials,
  })
  await ensureEnquiryTable(admin, config.enquiriesTable).finally(() => admin.destroy())

  const contact = httpApiRoute(
    // No CloudFront in front here, so no request could carry its origin secret.
    requireOriginSecret(
      LOCAL_STACK_WITHOUT_SECRET,
      createContactHandler({ config, clients, log }),
    ) as HttpApiHandler,
    'contact',
  )
  const retry = createRetryHandler({ config, clients, log })
  let retrying: Promise<RetrySummary> | undefined
  const runRetry = () => {
    retrying ??= retry().finally(() => {
      retrying = undefined
    })
    return retrying
  }
  const timer =
    options.retryIntervalMs === false
      ? undefined
      : setInterval(() => {
          runRetry().catch(() => {})
        }, options.retryIntervalMs ?? 30_000)
  timer?.unref()

  return {
    async handle(req, res) {
      const path = new URL(req.url ?? '/', 'http://localhost').pathname
      // The HTTP API routes `/api/contacts` and `/api/contacts/form` (any method) to the
      // function; anything else under /api is API Gateway's own 404.
      const routed = path.replace(/\/+$/, '')
      if (routed === contactApi.path || routed === contactApi.formPath) {
        await contact(req, res)
        return
      }
      // Like every API answer: never kept by a cache between the visitor and the API.
      res.writeHead(404, { 'content-type': 'application/json', 'cache-control': 'no-store' })
      res.end(JSON.stringify({ message: 'Not Found' }))
    },
    mailboxUrl: ses.url,
    dynamoDbUrl: dynamoDb.url,
    env,
    config,
    runRetry,
    async close() {
      if (timer) clearInterval(timer)
      await retrying?.catch(() => {})
      clients.documentClient.destroy()
      clients.ses.destroy()
      await Promise.all([dynamoDb.close(), ses.close()])
    },
  }
}
