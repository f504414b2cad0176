/**
 * `npm run audit:retention`: for an auditor, every place enquiry data (and visitors' addresses)
 * can live and how long it stays, checked against the policy in docs/operations.md.
 *
 *   npm run audit:retention                        synthesise every committed stage offline, audit it
 *   npm run audit:retention -- -c stage=staging -c waf=true
 *                                                  …one stage, with an override, as cdk -c takes it
 *   npm run audit:retention -- --template cdk.out/assembly-prod
 *                                                  audit templates already synthesised: a stage's
 *                                                  assembly folder, cdk.out, or template files
 *   npm run audit:retention -- --skip-live         without the live check through the local stack
 *   npm run audit:retention -- --out FILE          also write the report as Markdown, to keep
 *   npm run audit:retention -- --deployed STAGE    the live check of a deployed stage, read-only:
 *                                                  its stacks, tables, logs, buckets, queues, drift
 *                                                  and stored items' timestamps, from the account
 *   npm run audit:retention -- --local             the same check's data part on the local stack
 *
 * Exit codes: 0 everything meets the policy; 1 a breach (each named by a FAIL line); 2 the
 * command was misused (a usage line) or the app could not be built (an error line). It never
 * ends in a stack trace: the app's code is loaded only inside the guard below, so even a syntax
 * error in it is reported in one line.
 */
import { writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { oneLine, terminalIo, timeLimitMs } from './command.ts'
import { isFolder } from './folders.ts'
import type { LiveIo } from './retention-audit/deployed.ts'
import type { AuditStack } from './retention-audit/live-check.ts'

export const usage =
  'Usage: npm run audit:retention [-- [-c key=value …] [--template FILE|FOLDER …] [--skip-live] [--out FILE]] | [-- --deployed STAGE|--local [--timeout SECONDS] [--out FILE]]'

export interface AuditIo {
  out(text: string): void
  err(text: string): void
  now(): Date
  /** The local stack the live check posts to (loaded only when it runs). */
  startLocalStack?: () => Promise<AuditStack>
  /** The live check's environment: the local table, and the tests' time limits. */
  readonly live?: Omit<LiveIo, 'out' | 'err'>
}

/** A command line the audit cannot run: a usage line, exit 2. */
class Misuse extends Error {}

function parse(args: readonly string[]) {
  let values: {
    template?: string[]
    context?: string[]
    'skip-live': boolean
    out?: string
    deployed?: string
    local: boolean
    timeout?: string
    help: boolean
  }
  try {
    values = parseArgs({
      args: [...args],
      strict: true,
      allowPositionals: false,
      options: {
        template: { type: 'string', multiple: true },
        context: { type: 'string', short: 'c', multiple: true },
        'skip-live': { type: 'boolean', default: false },
        out: { type: 'string' },
        deployed: { type: 'string' },
        local: { type: 'boolean', default: false },
        timeout: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values
  } catch (error) {
    throw new Misuse((error as Error).message)
  }
  const context: Record<string, string> = {}
  for (const pair of values.context ?? []) {
    const at = pair.indexOf('=')
    if (at < 1) throw new Misuse(`-c takes key=value, not ${pair}`)
    context[pair.slice(0, at)] = pair.slice(at + 1)
  }
  const live = values.deployed !== undefined || values.local
  if (values.deployed !== undefined && values.local) {
    throw new Misuse('--deployed STAGE or --local: one place at a time')
  }
  if (live && (values.template || values.context || values['skip-live'])) {
    throw new Misuse(
      `${values.local ? '--local' : '--deployed'} checks what runs: -c, --template and --skip-live are for the repository's audit`,
    )
  }
  if (values.timeout !== undefined && !live) {
    throw new Misuse('--timeout is for --deployed and --local')
  }
  const timeoutMs = timeLimitMs(values.timeout, 600)
  if (timeoutMs === undefined) {
    throw new Misuse('--timeout takes a number of seconds, at most 3600')
  }
  if (values.out !== undefined) {
    const folder = dirname(resolve(values.out))
    if (!isFolder(folder)) throw new Misuse(`--out ${values.out}: no folder ${folder}`)
    if (isFolder(resolve(values.out))) throw new Misuse(`--out ${values.out}: that is a folder`)
  }
  return { ...values, context, timeoutMs }
}

/** Runs the audit as the command line asks; resolves its exit code (0, 1 or 2). */
export async function runAuditCommand(args: readonly string[], io: AuditIo): Promise<number> {
  let options: ReturnType<typeof parse>
  try {
    options = parse(args)
  } catch (error) {
    io.err(`audit:retention: ${(error as Error).message}\n${usage}`)
    return 2
  }
  if (options.help) {
    io.out(`${usage}\n`)
    return 0
  }
  if (options.deployed !== undefined || options.local) {
    const { runLiveAudit } = await import('./retention-audit/deployed.ts')
    return runLiveAudit(
      {
        ...(options.deployed !== undefined && { stage: options.deployed }),
        timeoutMs: options.timeoutMs,
        ...(options.out && { out: options.out }),
      },
      { ...io, ...io.live },
      usage,
    )
  }
  try {
    // Loaded here, not at the top: an app whose code does not load is an error line, exit 2.
    const [{ runAudit }, report] = await Promise.all([
      import('./retention-audit/audit.ts'),
      import('./retention-audit/report.ts'),
    ])
    const result = await runAudit({
      templates: options.template,
      context: options.context,
      live: !options['skip-live'],
      startLocalStack: io.startLocalStack,
    })
    io.out(`${report.formatReport(result)}\n`)
    if (options.out) {
      const markdown = report.formatMarkdownReport(result, {
        at: io.now(),
        live: !options['skip-live'],
      })
      try {
        writeFileSync(options.out, markdown)
      } catch (error) {
        io.err(
          `audit:retention: the report could not be written to ${options.out}: ${oneLine(error)}`,
        )
        return 2
      }
      io.out(`Report written to ${options.out}\n`)
    }
    return report.auditExitCode(result)
  } catch (error) {
    const name = (error as Error)?.name
    if (name === 'UsageProblem') {
      io.err(`audit:retention: ${(error as Error).message}\n${usage}`)
    } else if (name === 'BrokenBuild') {
      io.err(`audit:retention: the CDK app could not be built: ${(error as Error).message}`)
    } else {
      io.err(`audit:retention: the CDK app could not be built: ${oneLine(error)}`)
    }
    return 2
  }
}

if (import.meta.main) {
  process.exitCode = await runAuditCommand(process.argv.slice(2), {
    out: terminalIo.out,
    err: terminalIo.err,
    now: () => new Date(),
    startLocalStack: async () => {
      const [{ startLocalPipeline }, { silentLogger }] = await Promise.all([
        import('#local/pipeline.ts'),
        import('#functions/log.ts'),
      ])
      return startLocalPipeline({ retryIntervalMs: false, log: silentLogger })
    },
    live: {
      findLocalTable: async () =>
        (await import('#local/table-target.ts')).findLocalTable(undefined, process.env),
    },
  })
}
