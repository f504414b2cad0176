import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { enquiryStatusReader } from '#functions/canary/create-handler.ts'
import { silentLogger } from '#functions/log.ts'
import { type LocalPipeline, startLocalPipeline } from '#local/pipeline.ts'
import { type RunningServer, startLocalServer } from '#local/server.ts'
import type { StageCommandIo } from '../stage-command.ts'
import type { VerifyDeps } from '../verify.ts'
import {
  answerAsHealthy,
  healthySiteOutputs,
  mockDynamoDb,
  recordedSyntheticKey,
  restoreAll,
} from './recorded-deployment.ts'

/**
 * `npm run verify` against the recorded account (./recorded-deployment.ts) whose site is the
 * local stack: the committed prod stage's stacks answer as a healthy deployment does, its SiteUrl
 * is the local site server with the contact pipeline behind /api/*, and its API's own name
 * (reached without CloudFront) is a local server with no contact route. The stage's synthetic
 * key (its secret) is the local pipeline's, so verify's one synthetic enquiry goes through the
 * local pipeline and is read back from its table. Each test file that uses it starts its own.
 */
export interface VerifyHarness {
  readonly pipeline: LocalPipeline
  /** The site as CloudFront serves it: pages, and /api/* to the contact function. */
  readonly site: RunningServer
  /** A host with no contact route: the API asked without CloudFront's secret path. */
  readonly bare: RunningServer
  /** DynamoDB's mock (the table's descriptions); the enquiry itself is read from dynalite. */
  readonly dynamodb: ReturnType<typeof mockDynamoDb>
  /** The site stack's outputs of this test (reset to healthy before each). */
  readonly siteOutputs: Record<string, string>
  /** Where the stage's API domain leads, as DNS would take it (the bare host before each test). */
  apiHost: () => string
  /** fetch, with the stage's API domain taken to `apiHost()`. */
  routedFetch(url: string, init: RequestInit): Promise<Response>
  /** `npm run verify -- prod …`: its exit code, its table's rows, and the FAIL rows. */
  verify(
    fetcher?: (url: string, init: RequestInit) => Promise<Response>,
    ...options: string[]
  ): Promise<{ code: number; rows: string[]; failed: string[] }>
}

/** `runVerify` of ops/verify-cli.ts, which no module may import: each test file gives it. */
type VerifyRun = (args: readonly string[], io: StageCommandIo, deps?: VerifyDeps) => Promise<number>

export function verifyHarness(runVerify: VerifyRun): VerifyHarness {
  let root: string
  const started: {
    pipeline?: LocalPipeline
    site?: RunningServer
    bare?: RunningServer
    dynamodb?: ReturnType<typeof mockDynamoDb>
    siteOutputs: Record<string, string>
  } = { siteOutputs: {} }
  const need = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the harness starts before the tests run')
    return value
  }
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'verify-site-'))
    writeFileSync(join(root, 'index.html'), '<!doctype html><html lang="en"><h1>Home</h1></html>')
    writeFileSync(join(root, '404.html'), '<h1>404 Page Not Found</h1>')
    started.pipeline = await startLocalPipeline({
      retryIntervalMs: false,
      log: silentLogger,
      syntheticKey: recordedSyntheticKey,
    })
    started.site = await startLocalServer({
      root,
      port: 0,
      analytics: false,
      api: started.pipeline.handle,
    })
    started.bare = await startLocalServer({ root, port: 0, analytics: false })
    // Made only now: the pipeline's own client must reach dynalite while it starts.
    started.dynamodb = mockDynamoDb()
  })
  afterAll(async () => {
    restoreAll()
    await started.site?.close()
    await started.bare?.close()
    await started.pipeline?.close()
    rmSync(root, { recursive: true, force: true })
  })
  const harness: VerifyHarness = {
    get pipeline() {
      return need(started.pipeline)
    },
    get site() {
      return need(started.site)
    },
    get bare() {
      return need(started.bare)
    },
    get dynamodb() {
      return need(started.dynamodb)
    },
    get siteOutputs() {
      return started.siteOutputs
    },
    apiHost: () => need(started.bare).url,
    routedFetch: (url, init) =>
      fetch(url.replace('https://api.elevate-digital.example', harness.apiHost()), init),
    async verify(fetcher = harness.routedFetch, ...options) {
      const out: string[] = []
      const pipeline = need(started.pipeline)
      const code = await runVerify(
        ['prod', ...options],
        { out: (text) => out.push(text), err: () => {}, env: {} },
        {
          fetch: fetcher,
          // DynamoDB's mock stubs the account's clients: the enquiry is read from dynalite.
          readEnquiry: (tableName) => enquiryStatusReader(pipeline.table, tableName),
          // The local mailbox reports delivery at once: no need to wait the canary's second.
          deliveryPollMs: 50,
        },
      )
      const rows = out.join('').trim().split('\n')
      return { code, rows, failed: rows.filter((row) => row.startsWith('FAIL')) }
    },
  }
  beforeEach(() => {
    harness.apiHost = () => need(started.bare).url
    started.siteOutputs = healthySiteOutputs(need(started.site).url)
    answerAsHealthy(started.siteOutputs)
  })
  return harness
}
