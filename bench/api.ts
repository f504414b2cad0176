/**
 * `npm run bench:api`: the contact Lambda's bundle size, its module init time and its warm
 * invocation latency against the local emulators (dynalite, aws-ses-v2-local); then the API
 * under load and faults (local/faults.ts): visitors on loopback at a fixed concurrency
 * for a fixed time, SES switched off mid-load, DynamoDB down, a function killed between write
 * and e-mail. Timings have no thresholds: it measures. The load and fault outcomes are checked,
 * and the run exits non-zero if one fails.
 *
 * The bundle is built with the options the CDK's NodejsFunction gets (infra/lambda-bundling.ts:
 * esbuild, minified, node24, ESM, the SDK's ES modules) with the AWS SDK bundled in rather than
 * left to the runtime's copy: the version deployed is the version tested, and tree-shaking keeps
 * it small. The external-SDK variant is measured beside it (docs/decisions/0006-lambda-bundle.md).
 *
 *   npm run bench:api                         200 warm invocations, 5 cold inits
 *   npm run bench:api -- --invocations 20     quicker
 *   npm run bench:api -- --cold-runs 21       more fresh processes per cold-start figure
 *   npm run bench:api -- --cold-start-only    the cold-start figures alone
 *   npm run bench:api -- --first-request-against b6b45af
 *                                             the contact function's first request beside
 *                                             that commit's (its own bundling and Node flags)
 *   npm run bench:api -- --arrivals 100       more enquiries timed from their 201 to their e-mail
 *   npm run bench:api -- --connections 10 --duration 5 --max-requests 5000
 *                                             the load runs: concurrency, seconds, cap per run
 *   npm run bench:api -- --skip-faults        the Lambda's figures only
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { gzipSync } from 'node:zlib'
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda'
import { build } from 'esbuild'
import { silentLogger } from '#functions/log.ts'
import { esbuildOptions } from '#infra/lambda-bundling.ts'
import { lambdaContext } from '#local/api-gateway.ts'
import { crashRun, dynamoDbOutageRun, sesOutageRun, steadyLoadRun } from '#local/fault-report.ts'
import { startFaultStack } from '#local/fault-stack.ts'
import type { ScenarioCheck } from '#local/faults.ts'
import { localCredentials, startLocalPipeline } from '#local/pipeline.ts'
import { originSecret } from '#shared/origin-secret.ts'
import { sampleEnquiry } from '#shared/sample-enquiry.ts'
import { formatColdStart, measureColdStart } from './cold-start.ts'
import { bundleContactAt } from './contact-at.ts'
import { formatEmailArrival, measureEmailArrival } from './email-arrival.ts'
import { median, percentile } from './stats.ts'

const { values: options } = parseArgs({
  options: {
    invocations: { type: 'string', default: '200' },
    inits: { type: 'string', default: '5' },
    'cold-runs': { type: 'string', default: '15' },
    arrivals: { type: 'string', default: '40' },
    'cold-start-only': { type: 'boolean', default: false },
    'first-request-against': { type: 'string' },
    connections: { type: 'string', default: '10' },
    duration: { type: 'string', default: '5' },
    'max-requests': { type: 'string', default: '5000' },
    // The bench's own figures only: the fault tests run the scenarios (local/faults.test.ts).
    'skip-faults': { type: 'boolean', default: false },
  },
})
const invocations = Math.max(1, Number(options.invocations))
const inits = Math.max(1, Number(options.inits))
const coldRuns = Math.max(1, Number(options['cold-runs']))

const repo = new URL('..', import.meta.url).pathname
// Under node_modules so the external-SDK variant resolves @aws-sdk/* as the runtime would.
const cacheDir = join(repo, 'node_modules', '.cache')
mkdirSync(cacheDir, { recursive: true })
const outDir = mkdtempSync(join(cacheDir, 'bench-api-'))

async function bundle(name: string, external?: string[]) {
  const outfile = join(outDir, `${name}.cjs`)
  // The options the CDK's NodejsFunction builds with (infra/lambda-bundling.ts).
  const options = esbuildOptions(join(repo, 'functions/contact/handler.ts'), outfile)
  await build(external ? { ...options, external } : options)
  const code = readFileSync(outfile)
  return { outfile, bytes: code.length, gzipBytes: gzipSync(code, { level: 9 }).length }
}

const bundled = await bundle('contact-bundled')
const externalSdk = await bundle('contact-external-sdk', ['@aws-sdk/*'])

const stack = await startLocalPipeline({ retryIntervalMs: false, log: silentLogger })
// The deployed function refuses to start without its origin secret, and every request without it.
const benchOriginSecret = 'bench-origin-secret'
const env = {
  ...stack.env,
  AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
  AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
  [originSecret.env]: benchOriginSecret,
}

/** Cold module init, as Lambda's init phase runs it: a fresh Node process importing the bundle. */
function initTimes(outfile: string): number[] {
  const script = `const t = performance.now(); await import(${JSON.stringify(pathToFileURL(outfile).href)}); console.log(performance.now() - t)`
  return Array.from({ length: inits }, () =>
    Number(
      execFileSync(process.execPath, ['--input-type=module', '-e', script], {
        env: { ...process.env, ...env },
        encoding: 'utf8',
      }).trim(),
    ),
  )
}

const bundledInit = initTimes(bundled.outfile)
const externalInit = initTimes(externalSdk.outfile)

// Warm invocations: the bundled handler in this process, configured as the Lambda would be.
Object.assign(process.env, env)
const quiet = console.log
console.log = () => {} // the handler's JSON log lines
const { handler } = (await import(pathToFileURL(bundled.outfile).href)) as {
  handler: (event: APIGatewayProxyEventV2, context: Context) => Promise<{ statusCode: number }>
}
const body = JSON.stringify(sampleEnquiry)
const event = (): APIGatewayProxyEventV2 => ({
  version: '2.0',
  routeKey: '$default',
  rawPath: '/api/contacts',
  rawQueryString: '',
  headers: {
    'content-type': 'application/json',
    'idempotency-key': crypto.randomUUID(),
    [originSecret.header]: benchOriginSecret,
  },
  requestContext: {
    accountId: '000000000000',
    apiId: 'bench',
    domainName: 'localhost',
    domainPrefix: 'localhost',
    http: {
      method: 'POST',
      path: '/api/contacts',
      protocol: 'HTTP/1.1',
      sourceIp: '127.0.0.1',
      userAgent: 'bench',
    },
    requestId: 'bench',
    routeKey: '$default',
    stage: '$default',
    time: new Date().toUTCString(),
    timeEpoch: Date.now(),
  },
  body,
  isBase64Encoded: false,
})

// Cold start as CPU time, every function beside the bare SDK clients (bench/cold-start.ts).
const against = options['first-request-against']
  ? await bundleContactAt(repo, options['first-request-against'])
  : undefined
const coldStart = await measureColdStart({
  repo,
  outDir,
  env,
  runs: coldRuns,
  contactEvent: event,
  against,
})
against?.remove()
if (options['cold-start-only']) {
  for (const line of formatColdStart(coldStart)) quiet(line)
  await stack.close()
  rmSync(outDir, { recursive: true, force: true })
  process.exit(0)
}

async function invoke(): Promise<number> {
  // A fresh context per call, as Lambda gives: its deadline counts from this invocation.
  const context = lambdaContext('contact-bench')
  const start = performance.now()
  const result = await handler(event(), context)
  const elapsed = performance.now() - start
  if (result.statusCode !== 201) throw new Error(`Expected 201, got ${result.statusCode}`)
  return elapsed
}

const first = await invoke()
const warm: number[] = []
for (let i = 0; i < invocations; i++) warm.push(await invoke())
console.log = quiet
await stack.close()
rmSync(outDir, { recursive: true, force: true })
warm.sort((a, b) => a - b)

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const ms = (value: number) => `${value.toFixed(1)} ms`
console.log(
  'Contact Lambda (functions/contact/handler.ts), bundled as deployed (infra/lambda-bundling.ts)',
)
console.log(
  `  bundle, AWS SDK bundled (shipped):   ${kb(bundled.bytes)} (${kb(bundled.gzipBytes)} gzip)`,
)
console.log(
  `  bundle, @aws-sdk/* external:         ${kb(externalSdk.bytes)} (${kb(externalSdk.gzipBytes)} gzip)`,
)
console.log(
  `  module init, SDK bundled:            ${ms(median(bundledInit))} median of ${inits} cold imports`,
)
console.log(
  `  module init, SDK from node_modules:  ${ms(median(externalInit))} median of ${inits} cold imports`,
)
console.log(`  first invocation:                    ${ms(first)} (connections opened)`)
console.log(
  `  warm invocations (${invocations}): p50 ${ms(percentile(warm, 50))}, p99 ${ms(percentile(warm, 99))}, max ${ms(warm.at(-1) ?? 0)}`,
)
console.log(
  "  each: validate, spam verdict, conditional PutItem (dynalite); the e-mail is the sender's",
)

console.log('')
for (const line of formatColdStart(coldStart)) console.log(line)

const arrivals = await measureEmailArrival(Math.max(1, Number(options.arrivals)))
console.log('')
for (const line of formatEmailArrival(arrivals)) console.log(line)

// --- The API under load and faults (local/faults.ts) ----------------------------------

const load = {
  connections: Math.max(1, Number(options.connections)),
  durationSeconds: Math.max(0.5, Number(options.duration)),
  maxRequests: Math.max(1, Number(options['max-requests'])),
}
const checks: ScenarioCheck[] = []
/** The four scenarios with their report; the fault tests run the same ones (fault-report.ts). */
async function faultRuns() {
  const faults = await startFaultStack()
  try {
    console.log('')
    console.log(
      `Contact API under load: on loopback, ${load.connections} connections for ${load.durationSeconds} s (at most ${load.maxRequests} requests), POST /api/contacts through the API Gateway adapter, dynalite + aws-ses-v2-local; 20% of requests repeat an earlier Idempotency-Key`,
    )
    checks.push(...(await steadyLoadRun(faults, load, console.log)).checks)

    console.log('')
    console.log(
      `SES down for the middle half of the load (${load.durationSeconds} s), then back; the retry function runs`,
    )
    checks.push(...(await sesOutageRun(faults, load, console.log)).checks)

    console.log('')
    const dynamoSeconds = Math.min(2, load.durationSeconds)
    console.log(`DynamoDB down (connections reset) for a ${dynamoSeconds} s load`)
    const dynamoLoad = { ...load, durationSeconds: dynamoSeconds }
    checks.push(...(await dynamoDbOutageRun(faults, dynamoLoad, console.log)).checks)

    console.log('')
    console.log(
      'The enquiry sender killed (SIGKILL) as it starts, after the write it was started by',
    )
    checks.push(...(await crashRun(faults, console.log)).checks)
  } finally {
    await faults.close()
  }
}
if (!options['skip-faults']) await faultRuns()
const failed = checks.filter((check) => !check.ok).length
if (failed > 0) {
  console.log(`${failed} check(s) failed`)
  process.exitCode = 1
}
