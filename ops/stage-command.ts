import { commandEnv } from '#infra/cdk-commands.ts'
import { selectStages } from '#infra/stage-selection.ts'
import type { DeployConfig } from '#infra/stage-settings.ts'
import { stages } from '#infra/stages.ts'
import { type CheckResult, exitCodeOf } from './checks.ts'
import { parseOptions, timeLimitMs, timeoutUsage } from './command.ts'

/**
 * What `npm run preflight` and `npm run verify` share as command lines: one stage named as
 * `npm run deploy` names it (infra/stages.ts), `--timeout`, the results printed, and the exit code
 * (0 all passed, 1 a check failed, 2 a wrong command line).
 */

export interface StageCommandIo {
  out(text: string): void
  err(text: string): void
  readonly env: Record<string, string | undefined>
}

export function stageUsage(command: string, what: string, timeout = timeoutUsage): string {
  return `Usage: npm run ${command} -- STAGE [--timeout SECONDS]

${what}

Stages (infra/stages.ts): ${Object.keys(stages).join(', ')}
AWS credentials come from the usual chain (AWS_PROFILE, SSO, environment, instance role).
${timeout}`
}

/** The named stage's settings as a deploy reads them; throws saying what is wrong. */
export function stageConfig(stage: string, env: Record<string, string | undefined>): DeployConfig {
  const { configs } = selectStages(stages, { stage }, { ...commandEnv(), ...env })
  return configs[0] as DeployConfig
}

/**
 * A stage command's entry point: its command line read and its checks run on the named stage,
 * within `--timeout` (milliseconds: each command says what it bounds), with `deps` (the tests'
 * stand-ins), their results printed by `format`.
 */
export function stageCommand<Deps>(
  usage: string,
  checks: (config: DeployConfig, limitMs: number, deps?: Deps) => Promise<CheckResult[]>,
  format: (results: readonly CheckResult[]) => string,
) {
  return (args: readonly string[], io: StageCommandIo, deps?: Deps): Promise<number> =>
    runStageCommand(args, io, usage, (config, limitMs) => checks(config, limitMs, deps), format)
}

export async function runStageCommand(
  args: readonly string[],
  io: StageCommandIo,
  usage: string,
  run: (config: DeployConfig, limitMs: number) => Promise<CheckResult[]>,
  format: (results: readonly CheckResult[]) => string,
): Promise<number> {
  const parsed = parseOptions(args, {}, usage, io.err)
  if (typeof parsed === 'number') return parsed
  const limitMs = timeLimitMs(parsed.values.timeout)
  const [stage, ...extra] = parsed.positionals
  if (!stage || extra.length > 0 || limitMs === undefined) {
    io.err(
      `${limitMs === undefined ? '--timeout takes a number of seconds up to 3600' : 'Name one stage'}.\n\n${usage}`,
    )
    return 2
  }
  let config: DeployConfig
  try {
    config = stageConfig(stage, io.env)
  } catch (error) {
    io.err((error as Error).message)
    return 2
  }
  const results = await run(config, limitMs)
  io.out(`${format(results)}\n`)
  return exitCodeOf(results)
}
