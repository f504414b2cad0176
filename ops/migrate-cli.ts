import { exitCodeOf, formatLines, TimeBudget } from './checks.ts'
import { parseOptions, runMain, terminalIo, timeLimitMs, timeoutUsage } from './command.ts'
import { type StageCommandIo, stageConfig } from './stage-command.ts'
import { checkMigration, turnStreamOn } from './table-migration.ts'

export const usage = `Usage: npm run migrate -- STAGE stream --table NAME [--timeout SECONDS]
       npm run migrate -- STAGE check [--timeout SECONDS]

The command steps of moving an existing deployment's table into the stage's data stack
(docs/deploy.md, "Moving an existing deployment's data into its own stack"):
  stream   turns the table's stream on (NEW_IMAGE, what the enquiry sender reads) and confirms
           it with describe-table; cdk import adopts a table as it is and will not. Run it after
           the table left the old stack (step 3) and before the import (step 4).
  check    the data stack's drift (detect-stack-drift) and the live table (describe-table: TTL,
           backups, stream, deletion protection) with the enquiry sender on its stream.
Prints a PASS or FAIL line each; exit 1 on any FAIL, 2 on a wrong command line.
AWS credentials come from the usual chain (AWS_PROFILE, SSO, environment, instance role).
${timeoutUsage}`

export async function runMigrate(
  args: readonly string[],
  io: StageCommandIo,
  pollMs?: number,
): Promise<number> {
  const parsed = parseOptions(args, { table: { type: 'string' } }, usage, io.err)
  if (typeof parsed === 'number') return parsed
  const [stage, step, ...extra] = parsed.positionals
  const limitMs = timeLimitMs(parsed.values.timeout)
  const table = parsed.values.table
  const wrong =
    !stage || extra.length > 0
      ? 'Name one stage and one step.'
      : step !== 'stream' && step !== 'check'
        ? `No step "${step ?? ''}": stream or check.`
        : step === 'stream' && !table
          ? 'The stream step needs --table NAME (step 2 reads it).'
          : step === 'check' && table
            ? 'The check step reads the table from the data stack: no --table.'
            : limitMs === undefined
              ? '--timeout takes a number of seconds up to 3600.'
              : undefined
  if (wrong || !stage || limitMs === undefined) {
    io.err(`${wrong}\n\n${usage}`)
    return 2
  }
  let config: ReturnType<typeof stageConfig>
  try {
    config = stageConfig(stage, io.env)
  } catch (error) {
    io.err((error as Error).message)
    return 2
  }
  const budget = new TimeBudget(limitMs)
  const results =
    step === 'stream'
      ? await turnStreamOn(config, table as string, budget, pollMs)
      : await checkMigration(config, budget, pollMs)
  io.out(`${formatLines(results)}\n`)
  return exitCodeOf(results)
}

if (import.meta.main) {
  await runMain('migrate', () => runMigrate(process.argv.slice(2), terminalIo))
}
