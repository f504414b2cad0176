import { once } from 'node:events'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { basename, dirname, join, relative } from 'node:path'
import { DynamoDBClient } from '@aws-sdk/client-dynamodb'
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb'
import { silentLogger } from '../../functions/log.ts'
import { contactApi } from '../../shared/contact.ts'
import { localCredentials, startLocalPipeline } from '../local/pipeline.ts'
import { retention } from '../retention.ts'
import { isFolder } from './command.ts'
import { auditTemplates, type Finding } from './retention-audit.ts'
import {
  auditExpiryCode,
  auditSettings,
  auditStoredItem,
  auditSubmission,
  storedExpiryFinding,
} from './retention-code-audit.ts'
import { type RetentionPolicy, retentionPolicy } from './retention-policy.ts'
import type { AuditReport } from './retention-report.ts'
import type { StackTemplate } from './template-pool.ts'

/**
 * The retention audit: what it reads (the synthesised app, or templates given), the checks it
 * runs, and the two ways it refuses to run: a misuse of its command line (`UsageProblem`) and an
 * app that cannot be built at all (`BrokenBuild`). Both exit 2; a breach of the policy is a
 * FAIL finding and exits 1. The command line is infra/ops/audit-retention.ts.
 */

/** The command line asks for something the audit cannot do: a usage line, exit 2. */
export class UsageProblem extends Error {
  override readonly name = 'UsageProblem'
}

/** The CDK app's code does not load or run: an error line naming where, exit 2. */
export class BrokenBuild extends Error {
  override readonly name = 'BrokenBuild'

  /** `error` thrown by the app's code, or what is wrong in words. */
  constructor(error: unknown) {
    super(typeof error === 'string' ? error : describeBuildError(error))
  }
}

const repo = new URL('../../', import.meta.url).pathname

/** An error of the app's code in one line, with the file and line it points at when it has one. */
function describeBuildError(error: unknown): string {
  const { name, message, stack } =
    error instanceof Error ? error : { name: 'Error', message: String(error), stack: '' }
  const where = /file:\/\/(\/[^\s:)]+):(\d+)/.exec(stack ?? '')
  const at = where ? ` (${relative(repo, where[1] as string)}:${where[2]})` : ''
  return `${name}: ${message}`.replace(/\s+/g, ' ').trim() + at
}

/**
 * Through the local stack, as a visitor would: POST an enquiry to the contact API (dynalite and
 * the SES emulator in this process, on free ports), read the stored item back, and compare its
 * expiry with the same moment three calendar years on.
 */
export async function liveExpiryCheck(policy: RetentionPolicy): Promise<Finding> {
  const place = 'Live check through the local stack'
  const stack = await startLocalPipeline({ retryIntervalMs: false, log: silentLogger })
  const server = createServer((req, res) => {
    stack.handle(req, res).catch(() => res.destroy())
  }).listen(0, '127.0.0.1')
  const reader = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: stack.config.region,
      endpoint: stack.dynamoDbUrl,
      credentials: localCredentials,
    }),
  )
  try {
    await once(server, 'listening')
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${contactApi.path}`
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(auditSubmission),
    })
    if (response.status !== 201) {
      return { status: 'fail', place, detail: `the contact API answered ${response.status}` }
    }
    const { id } = (await response.json()) as { id: string }
    const { Item } = await reader.send(
      new GetCommand({ TableName: stack.config.enquiriesTable, Key: { id }, ConsistentRead: true }),
    )
    return storedExpiryFinding(Item, policy, place, `POST ${contactApi.path}`)
  } finally {
    reader.destroy()
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
    await stack.close()
  }
}

interface Manifest {
  readonly artifacts?: Record<
    string,
    {
      readonly type: string
      readonly properties?: {
        readonly templateFile?: string
        readonly stackName?: string
        readonly directoryName?: string
      }
    }
  >
}

/** A cloud assembly's manifest.json in `folder`, if there is one that reads. */
function readManifest(folder: string): Manifest | undefined {
  try {
    return JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8')) as Manifest
  } catch {
    return undefined
  }
}

/**
 * Every stack template of a cloud assembly, those of nested assemblies (a `cdk.Stage` per
 * environment) included, each named as CloudFormation names the stack (other stacks' references
 * to its outputs use that name).
 */
export function templatesIn(outdir: string): StackTemplate[] {
  return Object.entries(readManifest(outdir)?.artifacts ?? {}).flatMap(([id, artifact]) => {
    if (artifact.type === 'aws:cloudformation:stack') {
      const file = join(outdir, artifact.properties?.templateFile ?? '')
      return [
        {
          stackName: artifact.properties?.stackName ?? id,
          template: JSON.parse(readFileSync(file, 'utf8')),
        },
      ]
    }
    if (artifact.type === 'cdk:cloud-assembly' && artifact.properties?.directoryName) {
      return templatesIn(join(outdir, artifact.properties.directoryName))
    }
    return []
  })
}

/** What synthesising the app gave: its templates, or a finding naming what refused to build. */
interface Synthesis {
  readonly stacks: StackTemplate[]
  readonly findings: Finding[]
  /** The stages synthesised. */
  readonly stages: string[]
}

/** A settings error (a heading and `- problem` lines) in one line. */
function flat(error: unknown): string {
  const [heading, ...problems] = (error as Error).message.split(/\s*\n-\s*/)
  return problems.length > 0
    ? `${heading?.replace(/:$/, '')}: ${problems.join('; ')}`
    : `${heading}`
}

/**
 * The app as `cdk synth` builds it (infra/app.ts: the committed stages of infra/stages.ts, the
 * same stage selection and overrides, cdk.json's flags), offline and without bundling, around a
 * placeholder site folder: pages hold no personal data and no retention setting depends on them,
 * so the audit needs no build. cdk-nag's findings are not the audit's business: their report
 * does not stop it reading the templates.
 */
async function synthesiseApp(context: Record<string, string>): Promise<Synthesis> {
  let app: typeof import('../define-app.ts')
  let config: typeof import('../config.ts')
  let selection: typeof import('../stage-selection.ts')
  let committed: typeof import('../stages.ts')
  let run: typeof import('../cdk-run.ts')
  let testing: typeof import('../testing/synth.ts')
  let cdk: typeof import('aws-cdk-lib')
  let regions: typeof import('aws-cdk-lib/region-info')
  try {
    ;[app, config, selection, committed, run, testing, cdk, regions] = await Promise.all([
      import('../define-app.ts'),
      import('../config.ts'),
      import('../stage-selection.ts'),
      import('../stages.ts'),
      import('../cdk-run.ts'),
      import('../testing/synth.ts'),
      import('aws-cdk-lib'),
      import('aws-cdk-lib/region-info'),
    ])
  } catch (error) {
    throw new BrokenBuild(error)
  }
  // The one-time move of a deployment's data (migrate*) synthesises a stage without its table:
  // nothing to audit there.
  const known = ['stage', ...config.settingKeys] as string[]
  const unknown = Object.keys(context).filter((key) => !known.includes(key))
  if (unknown.length > 0) {
    throw new UsageProblem(`-c ${unknown.join(', ')}: not a setting of this app`)
  }
  // The npm scripts' environment (SITE_URL naming the production stage's domain when unset).
  const env = run.commandEnv()
  let configs: ReturnType<typeof selection.selectStages>['configs']
  try {
    // The committed settings alone first: if they do not hold, no flag is to blame.
    configs = selection.selectStages(committed.stages, {}, env).configs
  } catch (error) {
    throw new BrokenBuild(`infra/stages.ts: ${flat(error)}`)
  }
  if (Object.keys(context).length > 0) {
    try {
      configs = selection.selectStages(committed.stages, context, env).configs
    } catch (error) {
      throw new UsageProblem(flat(error))
    }
  }
  const knownRegions = new Set(regions.RegionInfo.regions.map((region) => region.name))
  for (const { stage, env: where } of configs) {
    if (!cdk.Token.isUnresolved(where.region) && !knownRegions.has(where.region)) {
      throw new BrokenBuild(`infra/stages.ts: stage ${stage}: ${where.region} is not an AWS region`)
    }
  }

  const stages = configs.map((config) => config.stage)
  const root = mkdtempSync(join(tmpdir(), 'retention-audit-'))
  try {
    const outdir = join(root, 'cdk.out')
    const cdkJson = JSON.parse(readFileSync(join(repo, 'cdk.json'), 'utf8')) as {
      context?: Record<string, unknown>
    }
    const synthApp = new cdk.App({
      outdir,
      context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] },
    })
    try {
      app.defineApp(synthApp, configs, {
        siteDirectory: testing.writeFixtureSite(join(root, 'site')),
      })
      synthApp.synth()
    } catch (error) {
      const refusal = refusalOf(error)
      if (refusal) return { stacks: [], findings: [refusal], stages }
      if (
        (error as Error)?.name !== 'ValidationFailed' ||
        !existsSync(join(outdir, 'manifest.json'))
      ) {
        throw new BrokenBuild(error)
      }
    }
    return { stacks: templatesIn(outdir), findings: [], stages }
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}

/**
 * A construct that refused a value (the CDK's ValidationError names its path): as written, the
 * stack cannot be deployed, and what it would keep cannot be checked. A breach, named.
 */
function refusalOf(error: unknown): Finding | undefined {
  const path = (error as { constructPath?: unknown })?.constructPath
  if (typeof path !== 'string') return undefined
  return {
    status: 'fail',
    place: `The CDK app refuses ${path}`,
    detail: `${(error as Error).message.replace(/\s+/g, ' ')}: as written, the stack cannot be deployed, so nothing it would keep can be audited`,
  }
}

/** A check that throws is a breach to report (exit 1), never a crash of the audit. */
async function checked(place: string, check: () => Promise<Finding>): Promise<Finding> {
  try {
    return await check()
  } catch (error) {
    return {
      status: 'fail',
      place,
      detail: `the check could not run: ${(error as Error)?.name ?? 'Error'}: ${(error as Error)?.message ?? String(error)}`,
    }
  }
}

/**
 * The templates in the given files and cloud assembly folders; a file that is not one is a
 * misuse.
 */
function readTemplates(files: readonly string[]): StackTemplate[] {
  return files.flatMap((file) => {
    if (isFolder(file)) {
      // A cloud assembly (cdk.out, or one stage's cdk.out/assembly-NAME): every stack in it.
      const stacks = readManifest(file) ? templatesIn(file) : []
      if (stacks.length > 0) return stacks
      throw new UsageProblem(`--template ${file}: a folder with no synthesised stacks in it`)
    }
    let template: unknown
    try {
      template = JSON.parse(readFileSync(file, 'utf8'))
    } catch (error) {
      const reason =
        (error as NodeJS.ErrnoException).code === 'ENOENT'
          ? 'no such file'
          : (error as NodeJS.ErrnoException).code
            ? `cannot be read (${(error as NodeJS.ErrnoException).code})`
            : 'not JSON'
      throw new UsageProblem(`--template ${file}: ${reason}`)
    }
    const resources = (template as { Resources?: unknown } | null)?.Resources
    if (typeof resources !== 'object' || resources === null || Array.isArray(resources)) {
      throw new UsageProblem(`--template ${file}: not a CloudFormation template (no Resources)`)
    }
    // Named as CloudFormation names the stack when the cloud assembly's manifest is beside it,
    // so references between the given templates can be followed.
    const artifact = Object.values(readManifest(dirname(file))?.artifacts ?? {}).find(
      (candidate) => candidate.properties?.templateFile === basename(file),
    )
    return {
      stackName: artifact?.properties?.stackName ?? basename(file).replace(/\.template\.json$/, ''),
      template: template as StackTemplate['template'],
    }
  })
}

export async function runAudit(options: {
  readonly templates?: readonly string[]
  readonly context?: Record<string, string>
  readonly live?: boolean
  readonly policy?: RetentionPolicy
  /** Without the live check: what the code stores (tests put a broken store here). */
  readonly storedItem?: (createdAt: Date) => Promise<Record<string, unknown>>
}): Promise<AuditReport> {
  const policy = options.policy ?? retentionPolicy
  const templates = options.templates ?? []
  const context = options.context ?? {}
  if (templates.length > 0 && Object.keys(context).length > 0) {
    throw new UsageProblem('-c applies to the synthesis; --template audits templates as they are')
  }
  const synthesis: Synthesis =
    templates.length > 0
      ? { stacks: readTemplates(templates), findings: [], stages: [] }
      : await synthesiseApp(context)
  const given = Object.entries(context).map(([key, value]) => `-c ${key}=${value}`)
  const stageNames = synthesis.stages.join(', ')
  const source =
    templates.length > 0
      ? `templates ${templates.join(', ')}`
      : `the CDK app synthesised offline, stage${synthesis.stages.length === 1 ? '' : 's'} ${stageNames}${given.length ? ` with ${given.join(' ')}` : ''}`

  const findings = [
    ...auditSettings(retention, policy),
    await checked('expiresAt code path', async () => auditExpiryCode(policy)),
    options.live === false
      ? await checked('Item the contact pipeline writes', () =>
          auditStoredItem(policy, options.storedItem),
        )
      : await checked('Live check through the local stack', () => liveExpiryCheck(policy)),
    ...synthesis.findings,
    ...auditTemplates(synthesis.stacks, policy),
  ]
  const stackNames = synthesis.stacks.map((stack) => stack.stackName).join(', ')
  return { findings, source: `${source}: ${stackNames || 'no stack could be built'}` }
}
