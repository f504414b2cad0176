import { formatTable } from './checks.ts'
import { DEFAULT_TIME_LIMIT_SECONDS, runMain, terminalIo } from './command.ts'
import { stageCommand, stageUsage } from './stage-command.ts'
import { type VerifyDeps, verify } from './verify.ts'

export const usage = stageUsage(
  'verify',
  `Checks the live stage after a deploy: every stack, the site and the contact API through
CloudFront, the API closed around it, the table (TTL, backups, stream, deletion protection),
the enquiry sender's stream trigger, the data stack's protection, the dead-letter queues, the
schedules, SES (DKIM, MAIL FROM), who receives the alarms and whether any fires, the CloudFront
alarms' distribution and the canary. Reads only, except one synthetic enquiry sent last through
the live pipeline, as the canary sends it (kept a day, e-mailed to SES's mailbox simulator
only; its key is read from the stage's CanaryKeySecretArn secret). Prints a table; exit 1 on
any FAIL.`,
  `  --timeout SECONDS each check's own time limit (default ${DEFAULT_TIME_LIMIT_SECONDS}): a check that
                    hangs fails alone, and the synthetic enquiry still gets its whole wait`,
)

export const runVerify = stageCommand<VerifyDeps>(usage, verify, formatTable)

if (import.meta.main) {
  await runMain('verify', () => runVerify(process.argv.slice(2), terminalIo))
}
