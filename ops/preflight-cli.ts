import { formatLines, TimeBudget } from './checks.ts'
import { runMain, terminalIo } from './command.ts'
import { type PreflightDeps, preflight } from './preflight.ts'
import { stageCommand, stageUsage } from './stage-command.ts'

export const usage = stageUsage(
  'preflight',
  `Reads the stage's account and DNS before a deploy (npm run deploy runs it first): credentials,
CDK bootstrap, hosted zone and its delegation, records the stage would create, SES, CloudFront.
Changes nothing. Each check is a PASS or FAIL line with what to do; exit 1 on any FAIL.`,
)

export const runPreflight = stageCommand<PreflightDeps>(
  usage,
  // --timeout bounds the whole run.
  (config, limitMs, deps) => preflight(config, new TimeBudget(limitMs), deps),
  formatLines,
)

if (import.meta.main) {
  await runMain('preflight', () => runPreflight(process.argv.slice(2), terminalIo))
}
