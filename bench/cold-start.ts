/**
 * Cold start as CPU time, for `npm run bench:api`: each figure is a fresh Node process importing
 * a bundle as Lambda's init phase does, the variants run
 * interleaved so a busy moment on the machine lands on all of them alike. CPU time
 * (process.cpuUsage around the import) is steadier than wall time on a shared machine; at 512 MB
 * Lambda gives about 0.29 of a vCPU, so elapsed init is roughly this CPU time ÷ 0.29.
 */
import { execFile } from 'node:child_process'
import { join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { type BuildOptions, build } from 'esbuild'
import { linkKeyEnv } from '#functions/enquiries/action-links.ts'
import { esbuildOptions } from '#infra/lambda-bundling.ts'
import { syntheticEnquiry } from '#shared/synthetic-enquiry.ts'
import type { BundleAtCommit } from './contact-at.ts'
import { median } from './stats.ts'

// What the stack sets for the functions beyond the contact function's environment.
const deployedEnv = {
  SITE_URL: 'https://www.example.co.uk',
  [syntheticEnquiry.env]: 'bench-synthetic-key',
  [linkKeyEnv]: 'bench-action-link-key-of-at-least-32-characters',
}

export interface ColdStartVariant {
  readonly name: string
  readonly entry: string
  /** Bundled as NodejsFunction bundles by default (ES module, the SDK's own credential chain). */
  readonly asDefault?: boolean
}

/**
 * The floor, a handler that only builds the DynamoDB and SES clients, bundled as a function is by
 * default: every ratio is against it. Then the same handler bundled as ours are (what is left on
 * top of it is each function's own), and every function the CDK app deploys.
 */
export const coldStartVariants = (repo: string): ColdStartVariant[] => [
  {
    name: 'bare SDK clients (DynamoDB + SES)',
    entry: join(repo, 'bench/bare-clients-handler.ts'),
    asDefault: true,
  },
  { name: 'the same, bundled as ours', entry: join(repo, 'bench/bare-clients-handler.ts') },
  { name: 'contact', entry: join(repo, 'functions/contact/handler.ts') },
  { name: 'enquiry sender', entry: join(repo, 'functions/enquiry-sender/handler.ts') },
  { name: 'notification retry', entry: join(repo, 'functions/notification-retry/handler.ts') },
  { name: 'digest', entry: join(repo, 'functions/digest/handler.ts') },
  { name: 'delivery events', entry: join(repo, 'functions/delivery-events/handler.ts') },
  { name: 'enquiry actions', entry: join(repo, 'functions/enquiry-actions/handler.ts') },
  { name: 'canary', entry: join(repo, 'functions/canary/handler.ts') },
]

/** NodejsFunction's defaults: an ES module with a `require` for CommonJS code, nothing replaced. */
function asDefault(options: BuildOptions): BuildOptions {
  return {
    ...options,
    format: 'esm',
    alias: {},
    define: {},
    // ES modules have their own import.meta.url: no CommonJS shim.
    inject: [],
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
  }
}

// The child: CPU of the import, then (when given an event) CPU of the first request. Its own
// line, marked, since the handler logs JSON lines to stdout.
const childScript = `
const u0 = process.cpuUsage()
const m = await import(process.env.BENCH_BUNDLE_URL)
const u1 = process.cpuUsage(u0)
const cpu = (u) => (u.user + u.system) / 1000
let first = null
if (process.env.BENCH_EVENT) {
  const context = { functionName: 'bench', awsRequestId: crypto.randomUUID(), memoryLimitInMB: '512',
    invokedFunctionArn: 'arn:aws:lambda:eu-west-2:000000000000:function:bench',
    getRemainingTimeInMillis: () => 10000, callbackWaitsForEmptyEventLoop: true,
    done() {}, fail() {}, succeed() {} }
  const event = JSON.parse(process.env.BENCH_EVENT)
  const f0 = process.cpuUsage()
  const result = await m.handler(event, context)
  first = { cpu: cpu(process.cpuUsage(f0)), status: result.statusCode }
}
process.stdout.write('\\nBENCH ' + JSON.stringify({ importCpu: cpu(u1), first }) + '\\n')
process.exit(0)
`

interface ChildResult {
  readonly importCpu: number
  readonly first: { cpu: number; status: number } | null
}

// Asynchronous: the local table the first request writes to is served from this process.
async function runChild(
  url: string,
  env: Record<string, string>,
  event?: unknown,
  nodeFlags: readonly string[] = [],
): Promise<ChildResult> {
  const { stdout: out } = await promisify(execFile)(
    process.execPath,
    [...nodeFlags, '--input-type=module', '-e', childScript],
    {
      env: {
        ...process.env,
        ...deployedEnv,
        ...env,
        BENCH_BUNDLE_URL: url,
        ...(event ? { BENCH_EVENT: JSON.stringify(event) } : {}),
      },
      encoding: 'utf8',
    },
  )
  const line = out.split('\n').findLast((l) => l.startsWith('BENCH '))
  if (!line) throw new Error(`No figure from the cold-start child:\n${out}`)
  return JSON.parse(line.slice('BENCH '.length)) as ChildResult
}

export interface ColdStartReport {
  readonly imports: { name: string; bytes: number; importCpu: number; ratio: number }[]
  readonly contactFirstRequestCpu: number
  /** The same first request of the contact function at an earlier commit, measured beside it. */
  readonly against?: { readonly commit: string; readonly firstRequestCpu: number }
  readonly runs: number
}

/**
 * `runs` fresh imports of each variant, interleaved; then `runs` fresh contact-function processes
 * each answering one request (verdict + one conditional put against the table in `env`), each
 * beside one of the contact function at `against`, when given.
 */
export async function measureColdStart(options: {
  readonly repo: string
  readonly outDir: string
  readonly env: Record<string, string>
  readonly runs: number
  readonly contactEvent: () => unknown
  readonly against?: BundleAtCommit
}): Promise<ColdStartReport> {
  const variants = coldStartVariants(options.repo)
  const bundles = await Promise.all(
    variants.map(async (variant, i) => {
      const outfile = join(options.outDir, `cold-${i}.${variant.asDefault ? 'mjs' : 'cjs'}`)
      const ours = esbuildOptions(variant.entry, outfile)
      const result = await build({
        ...(variant.asDefault ? asDefault(ours) : ours),
        metafile: true,
      })
      const bytes = result.metafile?.outputs[relative(process.cwd(), outfile)]?.bytes
      return { ...variant, url: pathToFileURL(outfile).href, bytes: bytes ?? 0 }
    }),
  )
  const samples = bundles.map(() => [] as number[])
  for (let run = 0; run < options.runs; run++) {
    for (const [i, b] of bundles.entries()) {
      samples[i]?.push((await runChild(b.url, options.env)).importCpu)
    }
  }
  const contact = bundles.find((b) => b.name === 'contact')
  const firstRequest = async (url: string, nodeFlags?: readonly string[]) => {
    const { first } = await runChild(url, options.env, options.contactEvent(), nodeFlags)
    if (first?.status !== 201 || !first) throw new Error(`First request answered ${first?.status}`)
    return first.cpu
  }
  const firsts: number[] = []
  const againstFirsts: number[] = []
  for (let run = 0; contact && run < options.runs; run++) {
    firsts.push(await firstRequest(contact.url))
    if (options.against) {
      againstFirsts.push(await firstRequest(options.against.url, options.against.nodeFlags))
    }
  }
  const floor = median(samples[0] ?? [])
  return {
    runs: options.runs,
    imports: bundles.map((b, i) => {
      const importCpu = median(samples[i] ?? [])
      return { name: b.name, bytes: b.bytes, importCpu, ratio: importCpu / floor }
    }),
    contactFirstRequestCpu: median(firsts),
    ...(options.against
      ? { against: { commit: options.against.commit, firstRequestCpu: median(againstFirsts) } }
      : {}),
  }
}

export function formatColdStart(report: ColdStartReport): string[] {
  return [
    `Cold start, CPU time (median of ${report.runs} fresh Node processes each, interleaved; no NODE_OPTIONS, as deployed)`,
    ...report.imports.map(
      (v) =>
        `  import CPU, ${`${v.name}:`.padEnd(36)} ${v.importCpu.toFixed(1)} ms  ${v.ratio.toFixed(2)}× bare  (${(v.bytes / 1024).toFixed(0)} KB)`,
    ),
    `  first-request CPU, contact:             ${report.contactFirstRequestCpu.toFixed(1)} ms (verdict + conditional put, local table)`,
    ...(report.against
      ? [
          `  first-request CPU, contact at ${report.against.commit}: ${report.against.firstRequestCpu.toFixed(1)} ms (its own bundling and Node flags, interleaved): now ${((100 * report.contactFirstRequestCpu) / report.against.firstRequestCpu).toFixed(0)}% of it`,
        ]
      : []),
  ]
}
