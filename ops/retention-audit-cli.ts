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
 *
 * Exit codes: 0 everything meets the policy; 1 a breach (each named by a FAIL line); 2 the
 * command was misused (a usage line) or the app could not be built (an error line). It never
 * ends in a stack trace: the app's code is loaded only inside the guard below, so even a syntax
 * error in it is reported in one line.
 */
import { writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { oneLine } from './command.ts'
import { isFolder } from './folders.ts'
import { terminalSafe } from './terminal-safe.ts'

export const usage =
  'Usage: npm run audit:retention [-- [-c key=value …] [--template FILE|FOLDER …] [--skip-live] [--out FILE]]'

export interface AuditIo {
  out(text: string): void
  err(text: string): void
  now(): Date
}

/** A command line the audit cannot run: a usage line, exit 2. */
class Misuse extends Error {}

function parse(args: readonly string[]) {
  let values: {
    template?: string[]
    context?: string[]
    'skip-live': boolean
    out?: string
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
  if (values.out !== undefined) {
    const folder = dirname(resolve(values.out))
    if (!isFolder(folder)) throw new Misuse(`--out ${values.out}: no folder ${folder}`)
    if (isFolder(resolve(values.out))) throw new Misuse(`--out ${values.out}: that is a folder`)
  }
  return { ...values, context }
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
    out: (text) => process.stdout.write(terminalSafe(text)),
    err: (text) => process.stderr.write(`${terminalSafe(text)}\n`),
    now: () => new Date(),
  })
}
