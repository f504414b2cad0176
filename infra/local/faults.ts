import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { once } from 'node:events'
import {
  Agent,
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { DynamoDBClient } from '@aws-sdk/client-dynamodb'
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb'
import autocannon from 'autocannon'
import { createAwsClients } from '../../functions/aws-clients.ts'
import { type FunctionConfig, loadFunctionConfig } from '../../functions/config.ts'
import { createContactHandler } from '../../functions/contact/create-handler.ts'
import { responseMessages } from '../../functions/contact/responses.ts'
import type { Enquiry } from '../../functions/enquiries/item.ts'
import type { LogEntry, Logger } from '../../functions/log.ts'
import { createRetryHandler } from '../../functions/notification-retry/create-handler.ts'
import type { RetrySummary } from '../../functions/notification-retry/retry.ts'
import { contactApi } from '../../shared/contact.ts'
import { enquiryTable, normaliseEmail } from '../../shared/enquiry-table.ts'
import { sampleEnquiry } from '../../shared/sample-enquiry.ts'
import { type HttpApiHandler, httpApiRoute } from './api-gateway.ts'
import { localCredentials, localTableName } from './api-stack.ts'
import { ensureEnquiryTable, startDynalite, startSesEmulator } from './emulators.ts'

/**
 * The local contact pipeline with a switch in front of each AWS stand-in, for load and fault
 * runs (`npm run bench:api`, infra/local/faults.test.ts). Everything listens on 127.0.0.1 only.
 */

const host = '127.0.0.1'

/** How a switched-off service fails: a dropped connection, or SES's own 503 answer. */
export type Outage = 'reset' | 'unavailable'

/**
 * An HTTP forwarder in front of an emulator that can be switched off. The decision is taken per
 * request, before anything is forwarded: a request is either served whole or refused whole, so
 * "down" never half-delivers (an e-mail accepted by SES whose answer is lost would be sent twice).
 */
export interface ServiceSwitch {
  readonly url: string
  readonly isUp: boolean
  down(how?: Outage): void
  up(): void
  /** Requests refused while down. */
  readonly refused: number
  close(): Promise<void>
}

const unavailableXml =
  '<ErrorResponse><Error><Type>Receiver</Type><Code>ServiceUnavailable</Code>' +
  '<Message>Service unavailable (switched off by the fault run)</Message></Error>' +
  '<RequestId>fault</RequestId></ErrorResponse>'

export async function startServiceSwitch(target: string): Promise<ServiceSwitch> {
  const upstream = new URL(target)
  const agent = new Agent({ keepAlive: true })
  let outage: Outage | undefined
  let refused = 0
  const server = createServer((req, res) => {
    if (outage === 'reset') {
      refused++
      req.socket.destroy()
      return
    }
    if (outage === 'unavailable') {
      refused++
      req.resume()
      res.writeHead(503, { 'content-type': 'text/xml' }).end(unavailableXml)
      return
    }
    const forward = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
        agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    forward.on('error', () => res.destroy())
    req.pipe(forward)
  })
  server.listen(0, host)
  await once(server, 'listening')
  return {
    url: `http://${host}:${(server.address() as AddressInfo).port}`,
    get isUp() {
      return outage === undefined
    },
    get refused() {
      return refused
    },
    down(how = 'reset') {
      outage = how
    },
    up() {
      outage = undefined
    },
    close: () => closeServer(server).finally(() => agent.destroy()),
  }
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve())
    server.closeAllConnections()
  })
}

/** A logger that counts events (the bench prints some of them). */
export function countingLogger() {
  const counts = new Map<string, number>()
  const log: Logger = (entry: LogEntry) => {
    counts.set(entry.event, (counts.get(entry.event) ?? 0) + 1)
  }
  return { log, count: (event: string) => counts.get(event) ?? 0, reset: () => counts.clear() }
}

interface ServedRequest {
  readonly key: string | undefined
  readonly status: number
}

export interface FaultStack {
  /** The contact API (POST /api/contacts), on a free loopback port. */
  readonly url: string
  readonly dynamoDb: ServiceSwitch
  readonly ses: ServiceSwitch
  readonly config: FunctionConfig
  readonly events: ReturnType<typeof countingLogger>
  /** What the server answered, request by request (including answers a client gave up on). */
  readonly served: ServedRequest[]
  /** Resolves once no request is being handled. */
  drained(): Promise<void>
  /** Every stored enquiry of one address, read straight from the emulator (past the switch). */
  storedFor(email: string): Promise<Enquiry[]>
  /** How many e-mails in the mailbox carry each enquiry id (in their body: the subject has the short reference). */
  mailboxCounts(): Promise<Map<string, number>>
  /** One run of the notification retry function, as its schedule would run it `laterMs` from now. */
  runRetry(laterMs: number): Promise<RetrySummary>
  close(): Promise<void>
}

/** dynalite and aws-ses-v2-local (in memory), each behind a switch, and the contact API. */
export async function startFaultStack(): Promise<FaultStack> {
  const dynalite = await startDynalite({})
  const sesEmulator = await startSesEmulator({})
  const dynamoDb = await startServiceSwitch(dynalite.url)
  const ses = await startServiceSwitch(sesEmulator.url)
  const config = loadFunctionConfig({
    ENQUIRIES_TABLE: localTableName,
    SENDER_EMAIL: 'website@elevate-digital.example',
    AGENCY_EMAIL: 'hello@elevate-digital.example',
    AWS_REGION: 'eu-west-2',
    DYNAMODB_ENDPOINT: dynamoDb.url,
    SES_ENDPOINT: ses.url,
  })
  const direct = new DynamoDBClient({
    region: config.region,
    endpoint: dynalite.url,
    credentials: localCredentials,
  })
  await ensureEnquiryTable(direct, config.enquiriesTable)
  const reader = DynamoDBDocumentClient.from(direct)

  const events = countingLogger()
  const clients = createAwsClients(config, { credentials: localCredentials })
  const contact = httpApiRoute(
    createContactHandler({ config, clients, log: events.log }) as HttpApiHandler,
    'contact',
  )
  const served: ServedRequest[] = []
  let inFlight = 0
  let idle: (() => void)[] = []
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    inFlight++
    const key = req.headers['idempotency-key']
    contact(req, res)
      .catch(() => res.destroy())
      .finally(() => {
        served.push({ key: typeof key === 'string' ? key : undefined, status: res.statusCode })
        inFlight--
        if (inFlight === 0) for (const resolve of idle.splice(0)) resolve()
      })
  })
  server.listen(0, host)
  await once(server, 'listening')

  return {
    url: `http://${host}:${(server.address() as AddressInfo).port}`,
    dynamoDb,
    ses,
    config,
    events,
    served,
    drained: () =>
      inFlight === 0 ? Promise.resolve() : new Promise((resolve) => idle.push(resolve)),
    async storedFor(email) {
      const items: Enquiry[] = []
      let startKey: Record<string, unknown> | undefined
      do {
        const page = await reader.send(
          new QueryCommand({
            TableName: config.enquiriesTable,
            IndexName: enquiryTable.emailIndex.name,
            KeyConditionExpression: '#email = :email',
            ExpressionAttributeNames: { '#email': enquiryTable.emailIndex.partitionKey },
            ExpressionAttributeValues: { ':email': normaliseEmail(email) },
            ExclusiveStartKey: startKey,
          }),
        )
        items.push(...((page.Items ?? []) as Enquiry[]))
        startKey = page.LastEvaluatedKey
      } while (startKey)
      return items
    },
    async mailboxCounts() {
      const response = await fetch(`${sesEmulator.url}/store`)
      const { emails } = (await response.json()) as { emails: { body: { text?: string } }[] }
      const counts = new Map<string, number>()
      for (const { body } of emails) {
        const id = /\(id ([0-9a-f-]{36})\)/.exec(body.text ?? '')?.[1]
        if (id) counts.set(id, (counts.get(id) ?? 0) + 1)
      }
      return counts
    },
    runRetry(laterMs) {
      return createRetryHandler({
        config,
        clients,
        log: events.log,
        now: () => new Date(Date.now() + laterMs),
      })()
    },
    async close() {
      await closeServer(server)
      clients.documentClient.destroy()
      clients.ses.destroy()
      reader.destroy()
      await Promise.all([dynamoDb.close(), ses.close()])
      await Promise.all([dynalite.close(), sesEmulator.close()])
      idle = []
    },
  }
}

// --- Load --------------------------------------------------------------------------------

export interface LoadOptions {
  /** Concurrent connections, each sending one request after another. */
  readonly connections: number
  /** How long requests are started for; without it the run ends once `maxRequests` are answered. */
  readonly durationSeconds?: number
  /** A cap on requests started, whatever the time (required without `durationSeconds`). */
  readonly maxRequests?: number
  /**
   * The share of requests that repeat an earlier request's Idempotency-Key, as a browser
   * retrying a submission would. Each must come back 201 with the original id and store nothing.
   * @default 0.2
   */
  readonly repeatShare?: number
  /**
   * Called once the load is `atShare` (0–1) of the way through, e.g. to switch a service off.
   * Progress is whichever bound is nearer: time against `durationSeconds` or answers against
   * `maxRequests`, so on a slow machine the action still lands among the requests, not before
   * the first answer or after the last.
   */
  readonly during?: readonly { readonly atShare: number; readonly action: () => void }[]
}

export interface LoadResult {
  /** The address every request of the run used: its enquiries are found by it. */
  readonly email: string
  readonly durationSeconds: number
  readonly connections: number
  /** Completed requests per second, as autocannon measures them. */
  readonly requestsPerSecond: number
  readonly latencyMs: { readonly p50: number; readonly p99: number; readonly max: number }
  /** Answers the load generator received, by status. */
  readonly statuses: Readonly<Record<number, number>>
  readonly count2xx: number
  /** Everything else: other statuses, errors, timeouts. */
  readonly countOther: number
  readonly errors: number
  readonly timeouts: number
  /** Answers the server gave, including those to requests cut off when the time ran out. */
  readonly served: readonly ServedRequest[]
  /** Ids the load generator was given in 201 answers. */
  readonly acceptedIds: ReadonlySet<string>
  /** 201 answers whose Idempotency-Key had been answered 201 before (genuine retries). */
  readonly repeated201: number
  /** The first body of each non-2xx status. */
  readonly messages: Readonly<Record<number, string>>
  /** The first Retry-After header of each non-2xx status. */
  readonly retryAfter: Readonly<Record<number, string | undefined>>
}

/** One valid enquiry, the same for the whole run, from an address of its own. */
function enquiryBody(email: string) {
  return JSON.stringify({ ...sampleEnquiry, email })
}

/**
 * autocannon against the contact API at a fixed concurrency for a fixed time. Each request
 * carries an Idempotency-Key: a new one, or (for `repeatShare` of them) one already sent.
 */
export async function runLoad(stack: FaultStack, options: LoadOptions): Promise<LoadResult> {
  const email = `load-${randomUUID().slice(0, 8)}@example.co.uk`
  const body = enquiryBody(email)
  const repeatShare = options.repeatShare ?? 0.2
  const sentKeys: string[] = []
  const acceptedIds = new Set<string>()
  const messages: Record<number, string> = {}
  const servedBefore = stack.served.length

  const retryAfter: Record<number, string | undefined> = {}
  interface Context {
    key?: string
  }
  type Headers = Record<string, string | undefined>
  if (options.durationSeconds === undefined && options.maxRequests === undefined) {
    throw new Error('runLoad needs durationSeconds, maxRequests or both')
  }
  const pending = [...(options.during ?? [])].sort((a, b) => a.atShare - b.atShare)
  const startedAt = performance.now()
  let answers = 0
  const fireDue = () => {
    const byTime =
      options.durationSeconds === undefined
        ? 0
        : (performance.now() - startedAt) / (options.durationSeconds * 1000)
    const byCount = options.maxRequests === undefined ? 0 : answers / options.maxRequests
    const progress = Math.max(byTime, byCount)
    while (pending.length > 0 && (pending[0]?.atShare ?? 1) <= progress) pending.shift()?.action()
  }
  const ticker = setInterval(fireDue, 20)
  const result = await autocannon({
    url: `${stack.url}${contactApi.path}`,
    connections: options.connections,
    // A count alone bounds the run by `amount`: `maxOverallRequests` would still wait out the clock.
    ...(options.durationSeconds === undefined
      ? { amount: options.maxRequests }
      : { duration: options.durationSeconds, maxOverallRequests: options.maxRequests }),
    timeout: 30,
    requests: [
      {
        method: 'POST',
        setupRequest: (request: autocannon.Request, context: Context) => {
          const repeat = sentKeys.length > 0 && Math.random() < repeatShare
          const key = repeat
            ? (sentKeys[Math.floor(Math.random() * sentKeys.length)] as string)
            : randomUUID()
          if (!repeat) sentKeys.push(key)
          context.key = key
          return {
            ...request,
            headers: { 'content-type': 'application/json', 'idempotency-key': key },
            body,
          }
        },
        onResponse: (status: number, text: string, _context: Context, headers: Headers) => {
          answers++
          fireDue()
          if (status === 201) {
            acceptedIds.add((JSON.parse(text) as { id: string }).id)
          } else {
            messages[status] ??= text
            retryAfter[status] ??= headers['retry-after']
          }
        },
      },
    ],
  })
  clearInterval(ticker)
  await stack.drained()

  const served = stack.served.slice(servedBefore)
  const seen = new Set<string>()
  let repeated201 = 0
  for (const { key, status } of served) {
    if (status !== 201 || key === undefined) continue
    if (seen.has(key)) repeated201++
    seen.add(key)
  }
  const statuses: Record<number, number> = {}
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) {
    statuses[Number(code)] = count
  }
  return {
    email,
    durationSeconds: result.duration,
    connections: options.connections,
    requestsPerSecond: result.requests.average,
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    statuses,
    count2xx: result['2xx'],
    countOther: result.non2xx + result.errors + result.timeouts,
    errors: result.errors,
    timeouts: result.timeouts,
    served,
    acceptedIds,
    repeated201,
    messages,
    retryAfter,
  }
}

/** The distinct Idempotency-Keys the server answered 201. */
export function acceptedKeys(result: LoadResult): Set<string> {
  return new Set(
    result.served
      .filter(({ status }) => status === 201)
      .map(({ key }) => key)
      .filter((key): key is string => key !== undefined),
  )
}

// --- Scenarios ----------------------------------------------------------------------------

export interface ScenarioCheck {
  readonly name: string
  readonly ok: boolean
  readonly detail: string
}

const check = (name: string, ok: boolean, detail: string): ScenarioCheck => ({ name, ok, detail })

/** Steady load: every 201 with a distinct key is exactly one stored enquiry, e-mailed once. */
export async function loadScenario(stack: FaultStack, options: LoadOptions) {
  const load = await runLoad(stack, options)
  const keys = acceptedKeys(load)
  const stored = await stack.storedFor(load.email)
  const storedIds = new Set(stored.map((item) => item.id))
  const mailbox = await stack.mailboxCounts()
  const mailed = stored.filter((item) => mailbox.get(item.id) === 1).length
  const checks = [
    check(
      'stored enquiries = 201 answers with a distinct key',
      stored.length === keys.size,
      `${stored.length} stored, ${keys.size} distinct keys answered 201 (${load.repeated201} repeated keys deduplicated)`,
    ),
    check(
      'every id the client was given is stored',
      [...load.acceptedIds].every((id) => storedIds.has(id)),
      `${load.acceptedIds.size} ids received`,
    ),
    check(
      'each stored enquiry e-mailed exactly once',
      mailed === stored.length,
      `${mailed} of ${stored.length}`,
    ),
    check('no 5xx', !load.served.some(({ status }) => status >= 500), 'server answers'),
  ]
  return { load, stored: stored.length, checks }
}

/**
 * SES switched off for the middle of the load (`from`…`to`, as shares of its duration): every
 * accepted enquiry is stored; once SES is back, the retry function e-mails each pending one,
 * and the mailbox holds exactly one e-mail per enquiry.
 */
export async function sesOutageScenario(
  stack: FaultStack,
  options: LoadOptions & { readonly from?: number; readonly to?: number },
) {
  const from = options.from ?? 0.25
  const to = options.to ?? 0.75
  const before = await stack.mailboxCounts()
  const load = await runLoad(stack, {
    ...options,
    during: [
      { atShare: from, action: () => stack.ses.down('unavailable') },
      { atShare: to, action: () => stack.ses.up() },
    ],
  })
  stack.ses.up()
  const keys = acceptedKeys(load)
  const stored = await stack.storedFor(load.email)
  const pendingAfterLoad = stored.filter((item) => item.emailStatus === 'pending').length
  const mailedDuringLoad = stored.length - pendingAfterLoad

  // The schedule's later runs, each as if ten minutes on (past every backoff so far).
  let sentByRetry = 0
  let runs = 0
  for (;;) {
    const summary = await stack.runRetry(10 * 60_000 * (runs + 1))
    runs++
    sentByRetry += summary.sentCount
    if (summary.pendingCount === 0 || runs >= 50) break
  }
  const finalRun = await stack.runRetry(10 * 60_000 * (runs + 1))
  const after = await stack.mailboxCounts()
  const storedAfter = await stack.storedFor(load.email)
  const perEnquiry = stored.map((item) => (after.get(item.id) ?? 0) - (before.get(item.id) ?? 0))
  const checks = [
    check(
      'every accepted enquiry stored',
      stored.length === keys.size &&
        [...load.acceptedIds].every((id) => stored.some((item) => item.id === id)),
      `${stored.length} stored, ${keys.size} distinct keys answered 201`,
    ),
    check(
      'SES refused requests during the load',
      stack.ses.refused > 0 && pendingAfterLoad > 0,
      `${pendingAfterLoad} enquiries left pending`,
    ),
    check(
      'the retry function sent every pending e-mail',
      sentByRetry === pendingAfterLoad && storedAfter.every((item) => item.emailStatus === 'sent'),
      `${sentByRetry} sent in ${runs} run(s)`,
    ),
    check(
      'the mailbox holds exactly one e-mail per enquiry',
      perEnquiry.every((count) => count === 1),
      `${perEnquiry.filter((count) => count === 1).length} of ${stored.length}; duplicates ${perEnquiry.filter((count) => count > 1).length}, missing ${perEnquiry.filter((count) => count === 0).length}`,
    ),
    check(
      'a later run finds nothing left to send',
      finalRun.pendingCount === 0 && finalRun.sentCount === 0,
      `${finalRun.pendingCount} pending`,
    ),
    check('no 5xx', !load.served.some(({ status }) => status >= 500), 'server answers'),
  ]
  return { load, stored: stored.length, pendingAfterLoad, mailedDuringLoad, sentByRetry, checks }
}

/** DynamoDB switched off: every answer a 503 with the clear message, nothing stored or sent. */
export async function dynamoDbOutageScenario(stack: FaultStack, options: LoadOptions) {
  const before = await stack.mailboxCounts()
  const mailBefore = [...before.values()].reduce((sum, count) => sum + count, 0)
  stack.dynamoDb.down('reset')
  let load: LoadResult
  try {
    load = await runLoad(stack, { ...options, repeatShare: 0 })
  } finally {
    stack.dynamoDb.up()
  }
  const after = await stack.mailboxCounts()
  const mailAfter = [...after.values()].reduce((sum, count) => sum + count, 0)
  const stored = await stack.storedFor(load.email)
  const answered = load.served.length
  const all503 = load.served.every(({ status }) => status === 503)
  const message = load.messages[503]
  const checks = [
    check('every answer is 503', answered > 0 && all503, `${answered} answered`),
    check(
      'with a clear message and Retry-After',
      message !== undefined &&
        (JSON.parse(message) as { message: string }).message === responseMessages.unavailable &&
        load.retryAfter[503] === '60',
      `${message ?? 'no 503 body seen'}, Retry-After: ${load.retryAfter[503]}`,
    ),
    check('nothing stored', stored.length === 0, `${stored.length} stored`),
    check('no e-mail sent', mailAfter === mailBefore, `${mailAfter - mailBefore} new e-mails`),
  ]
  return { load, checks }
}

const crashScript = fileURLToPath(new URL('./crash-after-write.ts', import.meta.url))

/**
 * The contact function's process killed (SIGKILL) the moment it starts the SES call, after the
 * enquiry is written: the visitor gets no answer and the item stays pending with no attempt
 * recorded. The retry function sends it, once.
 */
export async function crashScenario(stack: FaultStack) {
  const email = `crash-${randomUUID().slice(0, 8)}@example.co.uk`
  const child = spawn(process.execPath, [crashScript, enquiryBody(email)], {
    env: {
      ...process.env,
      ENQUIRIES_TABLE: stack.config.enquiriesTable,
      SENDER_EMAIL: stack.config.senderEmail,
      AGENCY_EMAIL: stack.config.agencyEmail,
      AWS_REGION: stack.config.region,
      DYNAMODB_ENDPOINT: stack.config.dynamoDbEndpoint ?? '',
      SES_ENDPOINT: stack.config.sesEndpoint ?? '',
      AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => {
    output += String(chunk)
  })
  const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null]
  const [enquiry] = await stack.storedFor(email)
  const mailedBefore = enquiry ? ((await stack.mailboxCounts()).get(enquiry.id) ?? 0) : 0

  const mailed = async () => (enquiry ? ((await stack.mailboxCounts()).get(enquiry.id) ?? 0) : 0)
  await stack.runRetry(0)
  const mailedEarly = await mailed()
  const summary = await stack.runRetry(2 * 60_000)
  const mailedAfter = await mailed()
  const [after] = await stack.storedFor(email)
  await stack.runRetry(10 * 60_000)
  const mailedLater = await mailed()
  const checks = [
    check(
      'the function died between the write and the e-mail',
      signal === 'SIGKILL' && output === '',
      `exit ${signal ?? code}, ${output === '' ? 'no answer' : `answered ${output.trim()}`}`,
    ),
    check(
      'the enquiry was stored, pending, with no attempt recorded',
      enquiry?.emailStatus === 'pending' &&
        enquiry.emailAttempts === 0 &&
        enquiry.emailPending !== undefined,
      enquiry ? `emailStatus ${enquiry.emailStatus}, attempts ${enquiry.emailAttempts}` : 'none',
    ),
    check('nothing was e-mailed by the dead function', mailedBefore === 0, `${mailedBefore}`),
    check(
      'the retry leaves it alone in its first minute (the function may still be running)',
      mailedEarly === 0,
      `${mailedEarly} e-mailed`,
    ),
    check(
      'the retry function sends it a minute on',
      summary.sentCount >= 1 && after?.emailStatus === 'sent' && mailedAfter === 1,
      `${mailedAfter} e-mail, status ${after?.emailStatus}`,
    ),
    check('a later run sends nothing more', mailedLater === 1, `${mailedLater} in the mailbox`),
  ]
  return { checks }
}
