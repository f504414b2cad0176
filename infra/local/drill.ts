/**
 * `npm run drill`: the contact pipeline's failure drills, against a local stack this command
 * starts itself (dynalite and the SES emulator in this process, each behind a TCP proxy that can
 * hang or drip, the contact handler behind the API Gateway adapter), on ephemeral loopback ports
 * only. Bounded in requests and time (about 4 minutes in all). Prints one line per drill, PASS or
 * FAIL with its figures, and exits 1 on any FAIL.
 *
 *   npm run drill
 *   npm run drill -- backlog drip       only the drills whose names contain these words
 */
import { randomUUID } from 'node:crypto'
import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { DynamoDBClient } from '@aws-sdk/client-dynamodb'
import { BatchWriteCommand, DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb'
import { createAwsClients } from '../../functions/aws-clients.ts'
import { type FunctionConfig, loadFunctionConfig } from '../../functions/config.ts'
import { createContactHandler } from '../../functions/contact/create-handler.ts'
import { CONTACT_BUDGET_MS } from '../../functions/contact/submit.ts'
import { injectDeliveryEvent } from '../../functions/delivery-events/inject.ts'
import { buildEnquiry, type Enquiry } from '../../functions/enquiries/item.ts'
import { MAX_EMAIL_ATTEMPTS } from '../../functions/enquiries/notify.ts'
import { queryItems } from '../../functions/enquiries/query.ts'
import { silentLogger } from '../../functions/log.ts'
import { createMetrics } from '../../functions/metrics.ts'
import { createRetryHandler } from '../../functions/notification-retry/create-handler.ts'
import * as retryPass from '../../functions/notification-retry/retry.ts'
import { contactApi } from '../../shared/contact.ts'
import { deliveryMetricNames } from '../../shared/delivery-metrics.ts'
import { enquiryTable, normaliseEmail } from '../../shared/enquiry-table.ts'
import { sampleEnquiry } from '../../shared/sample-enquiry.ts'
import { RETRY_INTERVAL } from '../constructs/contact-api.ts'
import { type HttpApiHandler, httpApiRoute, lambdaContext } from './api-gateway.ts'
import { localCredentials, localTableName } from './api-stack.ts'
import {
  type DrillCheck,
  type DrillResult,
  deployedDrainMs,
  drillExitCode,
  drillLine,
  formatDuration,
  formatStatuses,
  percentile,
} from './drill-report.ts'
import { ensureEnquiryTable, startDynalite, startSesEmulator } from './emulators.ts'
import { type MisbehavingProxy, startMisbehavingProxy } from './misbehaving-proxy.ts'

const host = '127.0.0.1'

/**
 * What one retry run reports, read loosely: the drills only need these counts, and the run's
 * other figures (what it skipped, and why) differ as the retry's pacing evolves.
 */
type RunSummary = { readonly pendingCount: number; readonly sentCount: number } & Partial<
  Record<'failedCount' | 'gaveUpCount' | 'exhaustedCount', number>
>

/** The retry's batch (items looked at per run), where the code names one. */
const retryBatch = (retryPass as Record<string, unknown>).RETRY_BATCH_SIZE

// --- Constants of the code under drill ---------------------------------------------------

// --- The stack ----------------------------------------------------------------------------

interface DrillStack {
  readonly apiUrl: string
  readonly dynamoDb: MisbehavingProxy
  readonly ses: MisbehavingProxy
  readonly sesUrl: string
  readonly config: FunctionConfig
  /** Reads and writes the table directly, past the proxy. */
  readonly table: DynamoDBDocumentClient
  /** One run of the notification retry, as its schedule would run it `laterMs` from now. */
  runRetry(laterMs: number, options?: { readonly sendsPerSecond?: number }): Promise<RunSummary>
  close(): Promise<void>
}

async function startDrillStack(): Promise<DrillStack> {
  const dynalite = await startDynalite({})
  const sesEmulator = await startSesEmulator({})
  const dynamoDb = await startMisbehavingProxy(dynalite.url)
  const ses = await startMisbehavingProxy(sesEmulator.url)
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
  const table = DynamoDBDocumentClient.from(direct, {
    marshallOptions: { removeUndefinedValues: true },
  })
  const clients = createAwsClients(config, { credentials: localCredentials })
  const contact = httpApiRoute(
    createContactHandler({ config, clients, log: silentLogger }) as HttpApiHandler,
    'contact',
  )
  const server: Server = createServer((req, res) => {
    contact(req, res).catch(() => res.destroy())
  })
  server.listen(0, host)
  await once(server, 'listening')
  return {
    apiUrl: `http://${host}:${(server.address() as AddressInfo).port}${contactApi.path}`,
    dynamoDb,
    ses,
    sesUrl: sesEmulator.url,
    config,
    table,
    runRetry: (laterMs, options) => {
      // `options` (a run's pace) is passed where the retry takes it, ignored where it does not.
      const deps = {
        config,
        clients,
        log: silentLogger,
        now: () => new Date(Date.now() + laterMs),
        ...(options && { options }),
      }
      return createRetryHandler(deps)()
    },
    async close() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      clients.documentClient.destroy()
      clients.ses.destroy()
      table.destroy()
      await Promise.all([dynamoDb.close(), ses.close()])
      await Promise.all([dynalite.close(), sesEmulator.close()])
    },
  }
}

/** Every stored enquiry of one address, read past the proxy. */
async function storedFor(stack: DrillStack, email: string): Promise<Enquiry[]> {
  const items: Enquiry[] = []
  for await (const item of queryItems(stack.table, {
    TableName: stack.config.enquiriesTable,
    IndexName: enquiryTable.emailIndex.name,
    KeyConditionExpression: '#email = :email',
    ExpressionAttributeNames: { '#email': enquiryTable.emailIndex.partitionKey },
    ExpressionAttributeValues: { ':email': normaliseEmail(email) },
  })) {
    items.push(item as unknown as Enquiry)
  }
  return items
}

/** How many e-mails in the mailbox name each enquiry id (anywhere: subject or body). */
async function mailboxCounts(stack: DrillStack): Promise<Map<string, number>> {
  const response = await fetch(`${stack.sesUrl}/store`)
  const { emails } = (await response.json()) as { emails: unknown[] }
  const counts = new Map<string, number>()
  for (const email of emails) {
    const ids = new Set(
      JSON.stringify(email).match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g),
    )
    for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1)
  }
  return counts
}

async function itemOf(stack: DrillStack, id: string): Promise<Enquiry | undefined> {
  const { Item } = await stack.table.send(
    new GetCommand({ TableName: stack.config.enquiriesTable, Key: { id }, ConsistentRead: true }),
  )
  return Item as Enquiry | undefined
}

// --- Load ---------------------------------------------------------------------------------

interface Answer {
  readonly status: number
  readonly ms: number
  readonly id?: string
  readonly retryAfter?: string | null
}

/** `connections` visitors posting one enquiry after another for `seconds`, bounded in count. */
async function load(
  stack: DrillStack,
  options: { connections: number; seconds: number; maxRequests: number; email: string },
): Promise<Answer[]> {
  const answers: Answer[] = []
  const stopAt = performance.now() + options.seconds * 1_000
  let started = 0
  const visitor = async () => {
    while (performance.now() < stopAt && started < options.maxRequests) {
      started++
      const begun = performance.now()
      try {
        const response = await fetch(stack.apiUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
          body: JSON.stringify({ ...sampleEnquiry, email: options.email }),
          signal: AbortSignal.timeout(60_000),
        })
        const body = (await response.json().catch(() => ({}))) as { id?: string }
        answers.push({
          status: response.status,
          ms: performance.now() - begun,
          ...(response.status === 201 && body.id && { id: body.id }),
          retryAfter: response.headers.get('retry-after'),
        })
      } catch {
        answers.push({ status: 0, ms: performance.now() - begun })
      }
    }
  }
  await Promise.all(Array.from({ length: options.connections }, visitor))
  return answers
}

const after = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const check = (name: string, ok: boolean): DrillCheck => ({ name, ok })
const maxMs = (answers: readonly Answer[]) => Math.max(0, ...answers.map((answer) => answer.ms))

/** How many answers of which status, how fast, against the budget: every load drill's first figures. */
function answerFigures(answers: readonly Answer[], budgetMs: number): string[] {
  const p50 = percentile(
    answers.map((answer) => answer.ms),
    0.5,
  )
  return [
    `${answers.length} answers (${formatStatuses(answers.map((answer) => answer.status))})`,
    `p50 ${formatDuration(p50)}`,
    `max ${formatDuration(maxMs(answers))} (budget ${formatDuration(budgetMs)})`,
  ]
}

// --- Drills -------------------------------------------------------------------------------

/**
 * Six connections of load (at most 600 requests): two seconds with `service` answering, `faultMs`
 * with it misbehaving (`fault` starts that: a hang, a drip), then `tailSeconds` with it back, so
 * requests start before, during and after.
 */
async function loadThroughFault(
  stack: DrillStack,
  service: MisbehavingProxy,
  fault: (service: MisbehavingProxy) => void,
  options: { faultMs: number; tailSeconds: number; email: string },
): Promise<Answer[]> {
  const running = load(stack, {
    connections: 6,
    seconds: 2 + options.faultMs / 1_000 + options.tailSeconds,
    maxRequests: 600,
    email: options.email,
  })
  await after(2_000)
  fault(service)
  await after(options.faultMs)
  service.resume()
  return running
}

async function dynamoDbHung(stack: DrillStack, budgetMs: number): Promise<DrillResult> {
  const email = `drill-dynamodb-${randomUUID().slice(0, 8)}@example.co.uk`
  const hangMs = 20_000
  const answers = await loadThroughFault(stack, stack.dynamoDb, (db) => db.hang(), {
    faultMs: hangMs,
    tailSeconds: 4,
    email,
  })
  // A write cut off by the deadline may still have been in flight: let it settle before counting.
  await after(1_000)
  const stored = await storedFor(stack, email)
  const storedIds = stored.map((item) => item.id)
  const accepted = answers.filter((answer) => answer.status === 201)
  const unavailable = answers.filter((answer) => answer.status === 503)
  const storedOnce = accepted.every(
    (answer) => storedIds.filter((id) => id === answer.id).length === 1,
  )
  return {
    name: 'DynamoDB hung 20 s under load',
    figures: [
      ...answerFigures(answers, budgetMs),
      `${stored.length} stored for ${accepted.length} answered 201`,
    ],
    checks: [
      check(
        'every answer within the budget',
        answers.every((answer) => answer.ms <= budgetMs),
      ),
      check(
        'all 201 or 503',
        answers.every((answer) => answer.status === 201 || answer.status === 503),
      ),
      check('zero 500', !answers.some((answer) => answer.status === 500)),
      check('some answers came during the hang as 503', unavailable.length > 0),
      check(
        'every 503 says when to retry',
        unavailable.every((answer) => answer.retryAfter !== null),
      ),
      check('every 201 stored exactly once', storedOnce),
      check(
        'nothing stored beyond the answers given',
        stored.length <= accepted.length + unavailable.length,
      ),
    ],
  }
}

/** Retry runs, each as the schedule would run it later, until nothing is left (bounded). */
async function retryUntilIdle(stack: DrillStack, maxRuns: number, stepMs = 3 * 60 * 60_000) {
  let runs = 0
  let sent = 0
  for (; runs < maxRuns; ) {
    runs++
    const summary = await stack.runRetry(stepMs * runs)
    sent += summary.sentCount
    if (summary.sentCount + (summary.failedCount ?? 0) + (summary.gaveUpCount ?? 0) === 0) break
  }
  return { runs, sent }
}

async function sesHung(stack: DrillStack, budgetMs: number): Promise<DrillResult> {
  const email = `drill-ses-${randomUUID().slice(0, 8)}@example.co.uk`
  const hangMs = 40_000
  const answers = await loadThroughFault(stack, stack.ses, (ses) => ses.hang(), {
    faultMs: hangMs,
    tailSeconds: 2,
    email,
  })
  const stored = await storedFor(stack, email)
  const pendingAfterLoad = stored.filter((item) => item.emailStatus !== 'sent').length
  const retried = await retryUntilIdle(stack, 20)
  const mailbox = await mailboxCounts(stack)
  const perEnquiry = stored.map((item) => mailbox.get(item.id) ?? 0)
  return {
    name: 'SES hung 40 s under load',
    figures: [
      ...answerFigures(answers, budgetMs),
      `${pendingAfterLoad} of ${stored.length} pending after the load`,
      `${retried.sent} sent by ${retried.runs} retry run(s)`,
      `e-mailed once ${perEnquiry.filter((count) => count === 1).length}, twice or more ${perEnquiry.filter((count) => count > 1).length}, never ${perEnquiry.filter((count) => count === 0).length}`,
    ],
    checks: [
      check('all 201', answers.length > 0 && answers.every((answer) => answer.status === 201)),
      check(
        'every answer within the budget',
        answers.every((answer) => answer.ms <= budgetMs),
      ),
      check('some enquiries were left pending by the hang', pendingAfterLoad > 0),
      check(
        'every enquiry e-mailed after SES returns',
        perEnquiry.every((count) => count >= 1),
      ),
      check(
        'none e-mailed twice',
        perEnquiry.every((count) => count <= 1),
      ),
    ],
  }
}

/**
 * One byte of each answer's body every 3 s, its headers at once: the SDK's per-attempt timeout
 * (which ends the wait for headers) never fires, so only the request's own deadline ends a call.
 * Even DynamoDB's shortest answer (`{}`) then takes 6 s, past storage's share of the budget.
 */
const DRIP_EVERY_MS = 3_000

async function dynamoDbDripping(stack: DrillStack, budgetMs: number): Promise<DrillResult> {
  const email = `drill-drip-${randomUUID().slice(0, 8)}@example.co.uk`
  const dripMs = 15_000
  const answers = await loadThroughFault(stack, stack.dynamoDb, (db) => db.drip(DRIP_EVERY_MS), {
    faultMs: dripMs,
    tailSeconds: 4,
    email,
  })
  // A write cut off by the deadline may still have landed: let it settle before counting.
  await after(1_000)
  const stored = await storedFor(stack, email)
  const accepted = answers.filter((answer) => answer.status === 201)
  const unavailable = answers.filter((answer) => answer.status === 503)
  const storedIds = stored.map((item) => item.id)
  const retried = await retryUntilIdle(stack, 20)
  const mailbox = await mailboxCounts(stack)
  const perEnquiry = stored.map((item) => mailbox.get(item.id) ?? 0)
  return {
    name: 'DynamoDB dripping 15 s under load',
    figures: [
      ...answerFigures(answers, budgetMs),
      `${stored.length} stored for ${accepted.length} answered 201`,
      `${retried.sent} sent by ${retried.runs} retry run(s)`,
      `e-mailed once ${perEnquiry.filter((count) => count === 1).length}, twice ${perEnquiry.filter((count) => count > 1).length} (sent before its record was cut off), never ${perEnquiry.filter((count) => count === 0).length}`,
    ],
    checks: [
      check(
        'every answer within the budget',
        answers.length > 0 && answers.every((answer) => answer.ms <= budgetMs),
      ),
      check(
        'all 201 or 503',
        answers.every((answer) => answer.status === 201 || answer.status === 503),
      ),
      check('some answers came during the drip as 503', unavailable.length > 0),
      check(
        'every 503 says when to retry',
        unavailable.every((answer) => answer.retryAfter !== null),
      ),
      check(
        'every 201 stored exactly once',
        accepted.every((answer) => storedIds.filter((id) => id === answer.id).length === 1),
      ),
      check(
        'nothing lost: every stored enquiry e-mailed once DynamoDB answers again',
        perEnquiry.every((count) => count >= 1),
      ),
    ],
  }
}

async function starvation(stack: DrillStack): Promise<DrillResult> {
  const email = `drill-gave-up-${randomUUID().slice(0, 8)}@example.co.uk`
  const count = 55
  const refusing = createServer((req, res) => {
    req.resume()
    res.writeHead(400, { 'content-type': 'text/xml' })
    res.end(
      '<ErrorResponse><Error><Type>Sender</Type><Code>MessageRejected</Code>' +
        '<Message>Refused by the drill</Message></Error><RequestId>drill</RequestId></ErrorResponse>',
    )
  })
  refusing.listen(0, host)
  await once(refusing, 'listening')
  const refusingConfig = {
    ...stack.config,
    sesEndpoint: `http://${host}:${(refusing.address() as AddressInfo).port}`,
  }
  const clients = createAwsClients(refusingConfig, { credentials: localCredentials })
  const refusedRetry = (laterMs: number) =>
    createRetryHandler({
      config: refusingConfig,
      clients,
      log: silentLogger,
      now: () => new Date(Date.now() + laterMs),
    })()
  try {
    // 55 enquiries with one attempt left, then retried (hours apart, past every backoff) while
    // SES refuses every send, until each has given up through the code's own path.
    const createdAt = new Date(Date.now() - 24 * 60 * 60_000)
    await putAll(
      stack,
      Array.from({ length: count }, (_, index) => ({
        ...buildEnquiry(
          { ...sampleEnquiry, email },
          randomUUID(),
          new Date(createdAt.getTime() + index),
        ),
        emailAttempts: MAX_EMAIL_ATTEMPTS - 1,
        emailLastAttemptAt: new Date(createdAt.getTime() + 60_000).toISOString(),
      })),
    )
    for (let run = 1; run <= 60; run++) {
      const summary = await refusedRetry(run * 3 * 60 * 60_000)
      if ((summary.failedCount ?? 0) + (summary.gaveUpCount ?? 0) === 0) break
    }
    const seeded = await storedFor(stack, email)
    const gaveUp = seeded.filter(
      (item) =>
        item.emailStatus === 'gave-up' ||
        (item.emailStatus !== 'sent' && item.emailAttempts >= MAX_EMAIL_ATTEMPTS),
    ).length

    // Then a new enquiry, while SES still refuses: its e-mail is owed to the retry.
    const response = await postWithSesRefusing(refusingConfig)
    const id = response.id
    // SES is back: the next scheduled run (past the first retry's wait).
    const summary = await stack.runRetry(2 * 60 * 60_000 + 5 * 60_000)
    const mailed = id ? ((await mailboxCounts(stack)).get(id) ?? 0) : 0
    const item = id ? await itemOf(stack, id) : undefined
    return {
      name: '55 given-up enquiries ahead of a new one',
      figures: [
        `${gaveUp} of ${count} gave up`,
        `new enquiry answered ${response.status}`,
        `next run: ${summary.pendingCount} looked at, ${summary.sentCount} sent${summary.exhaustedCount === undefined ? '' : `, ${summary.exhaustedCount} exhausted skipped`}`,
        `new enquiry ${item?.emailStatus ?? 'not stored'}, e-mailed ${mailed}×`,
      ],
      checks: [
        check(`all ${count} seeded enquiries gave up`, gaveUp === count),
        check('the new enquiry was accepted', response.status === 201 && id !== undefined),
        check('the new enquiry is e-mailed on the next retry run', mailed === 1),
      ],
    }
  } finally {
    clients.documentClient.destroy()
    clients.ses.destroy()
    refusing.closeAllConnections()
    await new Promise((resolve) => refusing.close(resolve))
  }
}

/** Posts one enquiry through a contact handler whose SES refuses (not through the proxy). */
async function postWithSesRefusing(
  config: FunctionConfig,
): Promise<{ status: number; id?: string }> {
  const clients = createAwsClients(config, { credentials: localCredentials })
  try {
    const handler = createContactHandler({ config, clients, log: silentLogger })
    const body = JSON.stringify({
      ...sampleEnquiry,
      email: `drill-new-${randomUUID().slice(0, 8)}@example.co.uk`,
    })
    const result = (await handler(
      {
        version: '2.0',
        routeKey: '$default',
        rawPath: contactApi.path,
        rawQueryString: '',
        headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        requestContext: {
          accountId: '000000000000',
          apiId: 'drill',
          domainName: 'localhost',
          domainPrefix: 'localhost',
          http: {
            method: 'POST',
            path: contactApi.path,
            protocol: 'HTTP/1.1',
            sourceIp: host,
            userAgent: 'drill',
          },
          requestId: randomUUID(),
          routeKey: '$default',
          stage: '$default',
          time: new Date().toUTCString(),
          timeEpoch: Date.now(),
        },
        body,
        isBase64Encoded: false,
      },
      lambdaContext('contact'),
    )) as { statusCode: number; body?: string }
    const id =
      result.statusCode === 201
        ? (JSON.parse(result.body ?? '{}') as { id?: string }).id
        : undefined
    return { status: result.statusCode, ...(id && { id }) }
  } finally {
    clients.documentClient.destroy()
    clients.ses.destroy()
  }
}

async function putAll(stack: DrillStack, items: readonly Enquiry[]) {
  for (let at = 0; at < items.length; at += 25) {
    let requests: Record<string, unknown>[] | undefined = items
      .slice(at, at + 25)
      .map((item) => ({ PutRequest: { Item: item } }))
    while (requests && requests.length > 0) {
      const result = await stack.table.send(
        new BatchWriteCommand({ RequestItems: { [stack.config.enquiriesTable]: requests } }),
      )
      requests = result.UnprocessedItems?.[stack.config.enquiriesTable] as
        | Record<string, unknown>[]
        | undefined
    }
  }
}

async function backlog(stack: DrillStack): Promise<DrillResult> {
  const email = `drill-backlog-${randomUUID().slice(0, 8)}@example.co.uk`
  const size = 2_000
  const schedule = {
    intervalMs: RETRY_INTERVAL.toMilliseconds(),
    concurrentRuns: 1,
    source: 'RETRY_INTERVAL, infra/constructs/contact-api.ts',
  }
  // 2,000 enquiries stored with their e-mail still owed, as an SES outage leaves them.
  const createdAt = Date.now() - 10 * 60_000
  await putAll(
    stack,
    Array.from({ length: size }, (_, index) =>
      buildEnquiry({ ...sampleEnquiry, email }, randomUUID(), new Date(createdAt + index)),
    ),
  )
  const started = performance.now()
  // One run as shipped (its batch, pace and time budget): the throughput the schedule gets.
  const first = await stack.runRetry(5 * 60_000)
  const firstRunMs = performance.now() - started
  const firstRunSent = first.sentCount
  // The rest as fast as this machine goes (a run's pace lifted where the code has one), so the
  // drill checks every e-mail goes out once without waiting out the real pacing.
  const deadline = performance.now() + 80_000
  let runs = 1
  let sent = firstRunSent
  while (firstRunSent > 0 && performance.now() < deadline && runs < 200) {
    runs++
    const summary = await stack.runRetry(5 * 60_000, { sendsPerSecond: 10_000 })
    sent += summary.sentCount
    if (summary.sentCount === 0) break
  }
  const drainedMs = performance.now() - started
  const stored = await storedFor(stack, email)
  const mailbox = await mailboxCounts(stack)
  const perEnquiry = stored.map((item) => mailbox.get(item.id) ?? 0)
  const delivered = perEnquiry.filter((count) => count >= 1).length
  const perRun = firstRunSent
  const deployedMs = deployedDrainMs(size, perRun, schedule.intervalMs, schedule.concurrentRuns)
  const limitMs = 15 * 60_000
  return {
    name: `a ${size.toLocaleString('en-GB')}-enquiry backlog drains`,
    figures: [
      `${delivered} of ${size} e-mailed (${sent} by the retry) in ${formatDuration(drainedMs)} locally over ${runs} run(s)`,
      `${perRun} sent by one run as shipped in ${formatDuration(firstRunMs)}${typeof retryBatch === 'number' ? ` (batch ${retryBatch})` : ''}`,
      `deployed: every ${formatDuration(schedule.intervalMs)} × ${schedule.concurrentRuns} run(s) (${schedule.source}) → ${formatDuration(deployedMs)} (limit ${formatDuration(limitMs)})`,
    ],
    checks: [
      check('every enquiry e-mailed', delivered === size),
      check(
        'none twice',
        perEnquiry.every((count) => count <= 1),
      ),
      check('the deployed schedule drains it within 15 minutes', deployedMs <= limitMs),
    ],
  }
}

async function bounce(stack: DrillStack): Promise<DrillResult> {
  const name = 'a bounce event for one enquiry'
  const email = `drill-bounce-${randomUUID().slice(0, 8)}@example.co.uk`
  const response = await fetch(stack.apiUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({ ...sampleEnquiry, email }),
  })
  const { id } = (await response.json()) as { id: string }
  // Powertools writes the metrics as embedded-metric-format lines on stdout: read them there.
  const written: string[] = []
  const write = process.stdout.write
  process.stdout.write = ((chunk: string | Uint8Array) => {
    written.push(String(chunk))
    return true
  }) as typeof process.stdout.write
  try {
    await injectDeliveryEvent(
      {
        documentClient: stack.table,
        tableName: stack.config.enquiriesTable,
        metrics: createMetrics('delivery-events', { stage: 'drill' }),
        log: silentLogger,
      },
      'Bounce',
      id,
    )
  } finally {
    process.stdout.write = write
  }
  const item = await itemOf(stack, id)
  const metric = deliveryMetricNames.bounced
  const moved = written.some((line) => {
    try {
      const record = JSON.parse(line) as Record<string, unknown>
      return Number(record[metric]) >= 1
    } catch {
      return false
    }
  })
  return {
    name,
    figures: [
      `enquiry answered ${response.status}`,
      `status ${item?.emailStatus ?? 'none'}`,
      `${metric} ${moved ? 'moved' : 'did not move'}`,
    ],
    checks: [
      check('the enquiry was stored', response.status === 201 && item !== undefined),
      check('its status becomes bounced', item?.emailStatus === 'bounced'),
      check(`the alarm's metric (${metric}) moves`, moved),
    ],
  }
}

// --- Entry --------------------------------------------------------------------------------

export async function runDrills(
  print: (line: string) => void = console.log,
  /** Only the drills whose names contain one of these words (all when empty). */
  only: readonly string[] = [],
): Promise<number> {
  const started = performance.now()
  const budget = { ms: CONTACT_BUDGET_MS, source: 'CONTACT_BUDGET_MS, functions/contact/submit.ts' }
  print(`Contact handler budget: ${formatDuration(budget.ms)} (${budget.source})`)
  const results: DrillResult[] = []
  const drills: [string, (stack: DrillStack) => Promise<DrillResult>][] = [
    ['DynamoDB hung 20 s under load', (stack) => dynamoDbHung(stack, budget.ms)],
    ['SES hung 40 s under load', (stack) => sesHung(stack, budget.ms)],
    ['DynamoDB dripping 15 s under load', (stack) => dynamoDbDripping(stack, budget.ms)],
    ['55 given-up enquiries ahead of a new one', starvation],
    ['a 2,000-enquiry backlog drains', backlog],
    ['a bounce event for one enquiry', bounce],
  ]
  const chosen = drills.filter(
    ([name]) =>
      only.length === 0 || only.some((word) => name.toLowerCase().includes(word.toLowerCase())),
  )
  for (const [name, drill] of chosen) {
    // Each drill on a stack of its own, so one drill's leftovers never count in another's.
    const stack = await startDrillStack()
    let result: DrillResult
    try {
      result = await drill(stack)
    } catch (error) {
      result = {
        name,
        figures: [`the drill could not run: ${(error as Error).name}: ${(error as Error).message}`],
        checks: [check('the drill ran', false)],
      }
    } finally {
      await stack.close()
    }
    results.push(result)
    print(drillLine(result))
  }
  print(`${results.length} drills in ${formatDuration(performance.now() - started)}`)
  return drillExitCode(results)
}

if (import.meta.main) {
  process.exitCode = await runDrills(console.log, process.argv.slice(2))
  // Sockets an SDK client still holds after a hang must not keep the command alive.
  setTimeout(() => process.exit(), 2_000).unref()
}
