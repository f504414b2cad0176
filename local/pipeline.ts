import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { join } from 'node:path'
import { DynamoDBClient } from '@aws-sdk/client-dynamodb'
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb'
import { type AwsClients, createAwsClients, createDocumentClient } from '#functions/aws-clients.ts'
import { type FunctionConfig, loadFunctionConfig } from '#functions/config.ts'
import { readAnswerShell } from '#functions/contact/answer-shell.ts'
import { createContactHandler } from '#functions/contact/create-handler.ts'
import { LOCAL_STACK_WITHOUT_SECRET, requireOriginSecret } from '#functions/contact/origin-check.ts'
import { type DigestOutcome, sendDigest } from '#functions/digest/send.ts'
import { actionLinker, actionsPath, linkKeyEnv } from '#functions/enquiries/action-links.ts'
import { idsInIndex, readEnquiries } from '#functions/enquiries/attention.ts'
import type { Enquiry } from '#functions/enquiries/item.ts'
import { createActionHandler } from '#functions/enquiry-actions/create-handler.ts'
import { createSenderHandler } from '#functions/enquiry-sender/create-handler.ts'
import { jsonLogger, type Logger } from '#functions/log.ts'
import { createMetrics } from '#functions/metrics.ts'
import { createRetryHandler } from '#functions/notification-retry/create-handler.ts'
import type { RetryOptions, RetrySummary } from '#functions/notification-retry/retry.ts'
import { createReplyHandler } from '#functions/reply-received/create-handler.ts'
import { DEFAULT_AGENCY_TIME_ZONE } from '#shared/agency-time.ts'
import { answerShell } from '#shared/answer-shell.ts'
import { contactApi } from '#shared/contact.ts'
import { enquiryTable, normaliseEmail } from '#shared/enquiry-table.ts'
import { type HttpApiHandler, httpApiRoute, lambdaContext } from './api-gateway.ts'
import {
  ensureEnquiryTable,
  type RunningEmulator,
  startDynalite,
  startSesEmulator,
} from './emulators.ts'
import { type FaultProxy, startFaultProxy } from './fault-proxy.ts'
import { enquiryIdOf, readMailbox } from './mailbox.ts'
import { type ReplyReceiver, startReplyReceiver } from './reply-receiver.ts'
import { publishSendEvents } from './ses-send-events.ts'
import { publishSimulatorEvents } from './simulator-events.ts'
import { runStaffMail, type StaffMailJob, type StaffMailOutcome } from './staff-mail.ts'
import { attachStreamTrigger, type LocalStreamTrigger } from './stream-trigger.ts'

export const localTableName = 'enquiries'

/** Where the local stack's e-mails come from (in AWS, the verified sender). */
export const localSenderEmail = 'website@elevate-digital.example'

/** The configuration set the local functions send with (the stand-in accepts any name). */
export const localConfigurationSet = 'local-delivery-events'

/** The emulators never check credentials, but the SDK will not sign a request without some. */
export const localCredentials = { accessKeyId: 'local', secretAccessKey: 'local' }

export interface LocalPipelineOptions {
  /** dynalite's data folder (kept across restarts); in memory when absent. */
  readonly dataDir?: string
  /** A fault proxy in front of DynamoDB and of SES, for the drills and the fault runs. */
  readonly faults?: boolean
  /** 0 (the default) picks a free port. */
  readonly dynamoDbPort?: number
  readonly sesPort?: number
  /** The SMTP receiver standing for SES receiving on the reply subdomain (`npm start`: 2525). */
  readonly inboundPort?: number
  /**
   * Where the site serving this pipeline's `handle` answers: the enquiry e-mail's "I have
   * answered this" link opens there. @default - no such link in the e-mail
   */
  readonly siteUrl?: string
  /** How often the notification retry runs (30 s by default); `false` never: callers run it. */
  readonly retryIntervalMs?: number | false
  readonly agencyEmail?: string
  /**
   * The key the digest's action links are signed with (in AWS, the stage's generated secret).
   * @default - a random one for this run
   */
  readonly actionLinkKey?: string
  readonly log?: Logger
  /**
   * The key the canary signs synthetic enquiries with here (`npm start` keeps one in `.data/`).
   * @default - none: every enquiry is an ordinary one
   */
  readonly syntheticKey?: string
  /**
   * The built site's folder (`dist/client`), whose page the no-JavaScript form's answers are
   * shown in, as the deployed function's bundle carries it.
   * @default - none: those answers are pages of their own
   */
  readonly siteDirectory?: string
}

/** An enquiry as the drills and fault runs read it back: the fields of its e-mail's fate. */
export type StoredEnquiry = Pick<
  Enquiry,
  'id' | 'createdAt' | 'expiresAt' | 'emailStatus' | 'emailAttempts' | 'emailPending'
>

export interface LocalPipeline {
  /** Serves `/api/*`, as CloudFront's `/api/*` behaviour does. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>
  /** The mailbox: a web page of every e-mail sent; `${mailboxUrl}/store` lists them as JSON. */
  readonly mailboxUrl: string
  /** dynalite itself (past any fault proxy). */
  readonly dynamoDbUrl: string
  /** The reply subdomain's receiver: `smtp://127.0.0.1:PORT`, mail for `config.replyDomain`. */
  readonly inboundUrl: string
  /** The environment the functions run with here, as the CDK stack sets it in AWS. */
  readonly env: Readonly<Record<string, string>>
  readonly config: FunctionConfig
  /** The sender's and the retry's clients (through the fault proxies, when there are some). */
  readonly clients: AwsClients
  /**
   * The stand-in for the table's stream: each new pending enquiry the contact function stores
   * starts the enquiry sender (local/stream-trigger.ts says how faithful it is).
   */
  readonly trigger: LocalStreamTrigger
  /** Reads and writes the table directly, past any fault proxy. */
  readonly table: DynamoDBDocumentClient
  /**
   * The scheduled digest, now, to the mailbox, its links on `siteUrl` (the local site serving
   * this pipeline's `handle`), signed with this pipeline's key.
   */
  runDigest(siteUrl: string, options?: { readonly now?: Date }): Promise<DigestOutcome>
  /** The reminder or the weekly summary (or the digest), now or as at `now`, to the mailbox. */
  runStaffMail(
    job: StaffMailJob,
    siteUrl: string,
    options?: { readonly now?: Date },
  ): Promise<StaffMailOutcome>
  /** One run of the notification retry, as its schedule would run it `laterMs` from now. */
  runRetry(laterMs?: number, options?: RetryOptions): Promise<RetrySummary>
  /** Every stored enquiry of one address, read past any fault proxy. */
  storedFor(email: string): Promise<StoredEnquiry[]>
  /** How many e-mails in the mailbox carry each enquiry id (in their body). */
  mailboxCounts(): Promise<Map<string, number>>
  /**
   * Resolves once everything the pipeline started by itself is over: the stream's records and
   * SES's events (a drill that moves the retry's clock on waits for them, as minutes would).
   */
  settled(): Promise<void>
  close(): Promise<void>
}

/** The pipeline with a fault proxy in front of each AWS stand-in. */
export interface FaultyPipeline extends LocalPipeline {
  readonly dynamoDb: FaultProxy
  readonly ses: FaultProxy
}

/**
 * The contact pipeline without AWS, for every local use (`npm start`, the browser tests, the
 * drills, the fault runs, `bench:api`): dynalite for DynamoDB, aws-ses-v2-local for SES, the
 * contact handler behind an API Gateway (HTTP API) adapter, the enquiry sender its writes start
 * (the stand-in for the table's stream) and the retry function. The functions
 * get the same kind of environment the CDK stack gives them, endpoints included.
 */
export async function startLocalPipeline(
  options: LocalPipelineOptions & { readonly faults: true },
): Promise<FaultyPipeline>
export async function startLocalPipeline(options?: LocalPipelineOptions): Promise<LocalPipeline>
export async function startLocalPipeline(
  options: LocalPipelineOptions = {},
): Promise<LocalPipeline | FaultyPipeline> {
  const log = options.log ?? jsonLogger
  const started: { close(): Promise<void> }[] = []
  const start = async <T extends { close(): Promise<void> }>(running: Promise<T>) => {
    const service = await running
    started.push(service)
    return service
  }
  const stopAll = () => Promise.all(started.reverse().map((service) => service.close()))
  let dynamoDb: RunningEmulator
  let ses: RunningEmulator
  let proxies: { dynamoDb: FaultProxy; ses: FaultProxy } | undefined
  try {
    dynamoDb = await start(startDynalite({ path: options.dataDir, port: options.dynamoDbPort }))
    ses = await start(startSesEmulator({ port: options.sesPort }))
    if (options.faults) {
      proxies = {
        dynamoDb: await start(startFaultProxy(dynamoDb.url)),
        ses: await start(startFaultProxy(ses.url)),
      }
    }
  } catch (error) {
    await stopAll()
    throw error
  }
  const agencyEmail = options.agencyEmail ?? 'hello@elevate-digital.example'
  const env = {
    ENQUIRIES_TABLE: localTableName,
    SENDER_EMAIL: localSenderEmail,
    AGENCY_EMAIL: agencyEmail,
    AWS_REGION: 'eu-west-2',
    DYNAMODB_ENDPOINT: proxies?.dynamoDb.url ?? dynamoDb.url,
    SES_ENDPOINT: proxies?.ses.url ?? ses.url,
    // As in AWS, e-mails are sent with a configuration set and tagged with their enquiry, which
    // is what lets the mailbox simulator's events find them (simulator-events.ts).
    SES_CONFIGURATION_SET: localConfigurationSet,
    [linkKeyEnv]: options.actionLinkKey ?? randomBytes(32).toString('base64url'),
    // As a stage with a hosted zone: staff replies also go to an address under this subdomain
    // of the agency's domain, received here by the SMTP stand-in for SES receiving.
    REPLY_DOMAIN: `replies.${agencyEmail.split('@').pop()?.toLowerCase()}`,
    AGENCY_TIME_ZONE: DEFAULT_AGENCY_TIME_ZONE,
    ...(options.siteUrl && { SITE_URL: options.siteUrl }),
  }
  const config = loadFunctionConfig(env)
  const clients = createAwsClients(config, { credentials: localCredentials })
  const direct = new DynamoDBClient({
    region: config.region,
    endpoint: dynamoDb.url,
    credentials: localCredentials,
  })
  const table = DynamoDBDocumentClient.from(direct, {
    marshallOptions: { removeUndefinedValues: true },
  })
  await ensureEnquiryTable(direct, config.enquiriesTable)
  const deliveryEvents = {
    documentClient: table,
    tableName: config.enquiriesTable,
    metrics: createMetrics('delivery-events', { stage: 'local' }),
    log,
  }
  const simulator = publishSimulatorEvents(clients.ses, localConfigurationSet, deliveryEvents)
  // SES's Send event for every e-mail the stand-in took, as the configuration set publishes it.
  const sendEvents = publishSendEvents(ses, localConfigurationSet, deliveryEvents)

  // The contact function's own client, as in AWS (it has no SES client): its writes are the
  // stream's records.
  const contactTable = createDocumentClient(config, { credentials: localCredentials })
  const sender = createSenderHandler({ config, clients, log })
  const trigger = attachStreamTrigger(
    { client: contactTable, dynamoDb },
    config.enquiriesTable,
    sender,
    log,
  )
  const contact = httpApiRoute(
    // No CloudFront in front here, so no request could carry its origin secret.
    requireOriginSecret(
      LOCAL_STACK_WITHOUT_SECRET,
      createContactHandler({
        config,
        clients: { documentClient: contactTable },
        log,
        syntheticKey: options.syntheticKey,
        ...(options.siteDirectory && {
          answerShell: readAnswerShell(join(options.siteDirectory, answerShell.page)),
        }),
      }),
    ) as HttpApiHandler,
    'contact',
  )
  const actions = httpApiRoute(
    requireOriginSecret(
      LOCAL_STACK_WITHOUT_SECRET,
      createActionHandler({
        documentClient: clients.documentClient,
        tableName: config.enquiriesTable,
        key: env[linkKeyEnv],
        stage: config.stage ?? 'local',
        log,
        timeZone: config.agencyTimeZone,
      }),
    ) as HttpApiHandler,
    'enquiry-actions',
  )
  const replies = createReplyHandler({
    documentClient: clients.documentClient,
    tableName: config.enquiriesTable,
    key: env[linkKeyEnv],
    stage: config.stage ?? 'local',
    replyDomain: env.REPLY_DOMAIN,
    agencyEmail: config.agencyEmail,
    log,
  })
  let receiver: ReplyReceiver
  try {
    receiver = await start(
      startReplyReceiver({
        replyDomain: env.REPLY_DOMAIN,
        port: options.inboundPort,
        deliver: (event) => replies(event, lambdaContext('reply-received')),
      }),
    )
  } catch (error) {
    await stopAll()
    throw error
  }
  const runRetry = (laterMs = 0, retryOptions?: RetryOptions) =>
    createRetryHandler({
      config,
      clients,
      log,
      ...(laterMs !== 0 && { now: () => new Date(Date.now() + laterMs) }),
      ...(retryOptions && { options: retryOptions }),
    })()
  // Locally a run waits for the one before, which keeps the local stack's output readable. The
  // deployed retry has no reserved concurrency: a late invocation can overlap the next minute's,
  // and the sends' claims keep each enquiry to one e-mail (local/overlapping-retries.test.ts).
  let scheduled: Promise<unknown> | undefined
  const timer =
    options.retryIntervalMs === false
      ? undefined
      : setInterval(() => {
          scheduled ??= runRetry()
            .catch(() => {})
            .finally(() => {
              scheduled = undefined
            })
        }, options.retryIntervalMs ?? 30_000)
  timer?.unref()
  // The stream's sends first: SES's events (the two kinds, independent of each other) follow them.
  const settled = async () => {
    await trigger.settled()
    await sendEvents.settled()
    await simulator.settled()
  }

  const pipeline: LocalPipeline = {
    async handle(req, res) {
      const path = new URL(req.url ?? '/', 'http://localhost').pathname
      // The HTTP API routes `/api/contacts` and `/api/contacts/form` (any method) to the
      // function; anything else under /api is API Gateway's own 404.
      const routed = path.replace(/\/+$/, '')
      if (routed === contactApi.path || routed === contactApi.formPath) {
        await contact(req, res)
        return
      }
      if (routed === actionsPath) {
        await actions(req, res)
        return
      }
      // Like every API answer: never kept by a cache between the visitor and the API.
      res.writeHead(404, { 'content-type': 'application/json', 'cache-control': 'no-store' })
      res.end(JSON.stringify({ message: 'Not Found' }))
    },
    mailboxUrl: ses.url,
    dynamoDbUrl: dynamoDb.url,
    inboundUrl: receiver.url,
    env,
    config,
    clients,
    trigger,
    table,
    runRetry,
    runDigest: (siteUrl, digestOptions = {}) =>
      sendDigest({
        table: { client: clients.documentClient, tableName: config.enquiriesTable },
        ses: clients.ses,
        addresses: config,
        log,
        now: () => digestOptions.now ?? new Date(),
        links: (now) =>
          actionLinker({ key: env[linkKeyEnv], stage: config.stage ?? 'local', siteUrl, now }),
      }),
    runStaffMail: (job, siteUrl, staffOptions = {}) =>
      runStaffMail(
        job,
        {
          table: { client: clients.documentClient, tableName: config.enquiriesTable },
          ses: clients.ses,
          addresses: config,
          key: env[linkKeyEnv],
          siteUrl,
          log,
        },
        staffOptions.now ?? new Date(),
      ),
    async storedFor(email) {
      const ref = { client: table, tableName: config.enquiriesTable }
      const ids = await idsInIndex(ref, enquiryTable.emailIndex, normaliseEmail(email))
      return readEnquiries(ref, ids, ['emailStatus', 'emailAttempts', 'emailPending'], new Date())
    },
    async mailboxCounts() {
      const counts = new Map<string, number>()
      for (const email of await readMailbox(ses.url)) {
        const id = enquiryIdOf(email)
        if (id) counts.set(id, (counts.get(id) ?? 0) + 1)
      }
      return counts
    },
    settled,
    async close() {
      if (timer) clearInterval(timer)
      await scheduled
      await settled()
      contactTable.destroy()
      clients.documentClient.destroy()
      clients.ses.destroy()
      table.destroy()
      await stopAll()
    },
  }
  return proxies ? { ...pipeline, ...proxies } : pipeline
}
