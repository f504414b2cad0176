import { type ParseArgsOptionsConfig, parseArgs } from 'node:util'
import { DEFAULT_REGION } from '#infra/stage-settings.ts'
import { terminalSafe } from './terminal-safe.ts'

/**
 * What every ops command line (`npm run enquiries`, `npm run dsar`) shares: the options naming
 * the table (ops/table-target.ts), a time limit on the whole command, and failures told in
 * one line, never a stack trace.
 */

/** The options naming the table to work on, as `parseArgs` takes them. */
export const targetOptions = {
  table: { type: 'string' },
  region: { type: 'string' },
  endpoint: { type: 'string' },
} as const

export const targetUsage = `Target (default: the local stack's table, as npm start runs it):
  --table NAME      a deployed table (the stack's EnquiriesTableName output); AWS credentials
                    come from the usual chain (AWS_PROFILE, SSO, environment, instance role)
  --region REGION   the deployed table's region (default: AWS_REGION, else ${DEFAULT_REGION})
  --endpoint URL    a DynamoDB endpoint of your own (e.g. a local emulator)`

/** How long a command may take, unless `--timeout SECONDS` says otherwise. */
export const DEFAULT_TIME_LIMIT_SECONDS = 60

/** The `--timeout` option as `parseArgs` takes it. */
const timeoutOption = { timeout: { type: 'string' } } as const

export const timeoutUsage = `  --timeout SECONDS how long the command may take in all (default ${DEFAULT_TIME_LIMIT_SECONDS})`

/**
 * A command line read with its own options and those every ops command takes (the table,
 * `--timeout`, `--help`): its values and positionals; or, for `--help` or an option it does not
 * know, the usage told on `err` and the exit code (0 and 2).
 */
export function parseCommandLine<const Own extends ParseArgsOptionsConfig>(
  args: readonly string[],
  own: Own,
  usage: string,
  err: (text: string) => void,
) {
  return parseOptions(args, { ...own, ...targetOptions }, usage, err)
}

/**
 * A command line read with `options`, `--timeout` and `--help`: its values and positionals; or,
 * for `--help` or an option it does not know, the usage told on `err` and the exit code (0 and 2).
 */
export function parseOptions<const Options extends ParseArgsOptionsConfig>(
  args: readonly string[],
  options: Options,
  usage: string,
  err: (text: string) => void,
) {
  const parse = () =>
    parseArgs({
      args: [...args],
      allowPositionals: true,
      tokens: true,
      options: {
        ...options,
        ...timeoutOption,
        help: { type: 'boolean', short: 'h', default: false },
      } as const,
    })
  let parsed: ReturnType<typeof parse>
  try {
    parsed = parse()
  } catch (error) {
    err(`${(error as Error).message}\n\n${usage}`)
    return 2
  }
  if ((parsed.values as { help?: boolean }).help) {
    err(usage)
    return 0
  }
  // parseArgs keeps the last of a repeated option: two addresses, tables or files given by
  // mistake must not silently become one of them.
  const seen = new Map<string, number>()
  for (const token of parsed.tokens ?? []) {
    if (token.kind === 'option' && token.value !== undefined) {
      seen.set(token.name, (seen.get(token.name) ?? 0) + 1)
    }
  }
  const repeated = [...seen].filter(([, count]) => count > 1).map(([name]) => `--${name}`)
  if (repeated.length > 0) {
    err(`${repeated.join(', ')} given more than once: say which, once.\n\n${usage}`)
    return 2
  }
  return parsed
}

/**
 * A time option (`--timeout`, or another given in seconds) in milliseconds: `defaultSeconds` when
 * it is not given, undefined when it is no number of seconds up to an hour.
 */
export function timeLimitMs(
  value: string | undefined,
  defaultSeconds = DEFAULT_TIME_LIMIT_SECONDS,
): number | undefined {
  if (value === undefined) return defaultSeconds * 1000
  const seconds = Number(value)
  return Number.isFinite(seconds) && seconds > 0 && seconds <= 3600 ? seconds * 1000 : undefined
}

/**
 * An error as one line, without a stack: its class (when it says more than "Error") and its
 * message, whitespace folded.
 */
export function oneLine(error: unknown): string {
  const text =
    error instanceof Error
      ? `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}`
      : String(error)
  const folded = text.replace(/\s+/g, ' ').trim()
  return folded.length > 400 ? `${folded.slice(0, 399)}…` : folded
}

class TimeLimitExceeded extends Error {
  readonly limitMs: number

  constructor(limitMs: number) {
    super(`did not finish within ${limitMs / 1000} s`)
    this.name = 'TimeLimitExceeded'
    this.limitMs = limitMs
  }
}

/** A table a command works on: named in its messages, closed when it ends. */
export interface CommandTarget {
  readonly name: string
  close(): Promise<void>
}

/**
 * Connects to the table and runs `work` on it within `limitMs`, telling each failure in one line
 * on `err`: the table unreachable, `work` failing (after `failed`), or the time limit passing
 * (with `afterTimeout` when there is something to add). Resolves the exit code; the table is
 * closed whatever happened.
 */
export async function onTable<Target extends CommandTarget>(
  options: {
    readonly command: string
    readonly limitMs: number
    readonly connect: () => Promise<Target>
    readonly err: (text: string) => void
    readonly failed: (target: Target) => string
    readonly afterTimeout?: string
  },
  work: (target: Target) => Promise<number>,
): Promise<number> {
  let target: Target | undefined
  const attempt = async (): Promise<number> => {
    try {
      target = await options.connect()
    } catch (error) {
      options.err(`Could not reach the enquiries table: ${oneLine(error)}`)
      return 1
    }
    try {
      return await work(target)
    } catch (error) {
      options.err(`${options.failed(target)}: ${oneLine(error)}`)
      return 1
    }
  }
  try {
    return await withinTimeLimit(options.limitMs, attempt(), () => target?.close())
  } catch (error) {
    if (!(error instanceof TimeLimitExceeded)) throw error
    const table = target ? ` ${target.name}` : ''
    options.err(
      `Stopped: ${options.command} ${error.message}; the enquiries table${table} did not answer in time (give --timeout SECONDS to wait longer).${options.afterTimeout ? ` ${options.afterTimeout}` : ''}`,
    )
    return 1
  } finally {
    await target?.close()
  }
}

/**
 * `work`, or a `TimeLimitExceeded` once `limitMs` has passed; `stop` then ends what is still
 * running (closing the table's client drops its connections). A late failure of the abandoned
 * work is swallowed, never an unhandled rejection with its stack trace.
 */
async function withinTimeLimit<T>(
  limitMs: number,
  work: Promise<T>,
  stop: () => Promise<void> | void,
): Promise<T> {
  work.catch(() => {})
  let timer: NodeJS.Timeout | undefined
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeLimitExceeded(limitMs)), limitMs)
  })
  try {
    return await Promise.race([work, expired])
  } catch (error) {
    if (error instanceof TimeLimitExceeded) await Promise.resolve(stop()).catch(() => {})
    throw error
  } finally {
    clearTimeout(timer)
  }
}

/**
 * The process's own output, error stream and environment: what a command's io is when run. What
 * reaches the terminal is terminal-safe (terminal-safe.ts): every command prints stored text,
 * AWS's names and messages through here.
 */
export const terminalIo = {
  out: (text: string) => {
    process.stdout.write(terminalSafe(text))
  },
  err: (text: string) => {
    process.stderr.write(`${terminalSafe(text)}\n`)
  },
  env: process.env,
}

/**
 * Runs a command's entry point: its exit code, or 1 with one line on stderr for anything it did
 * not catch itself. The process ends soon after, whatever connection is still open.
 */
export async function runMain(name: string, run: () => Promise<number>): Promise<void> {
  try {
    process.exitCode = await run()
  } catch (error) {
    process.stderr.write(`${name}: ${terminalSafe(oneLine(error))}\n`)
    process.exitCode = 1
  }
  setTimeout(() => process.exit(), 2_000).unref()
}
