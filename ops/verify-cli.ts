import { formatTable } from './checks.ts'
import { runMain, terminalIo } from './command.ts'
import { stageCommand, stageUsage } from './stage-command.ts'
import { type VerifyDeps, verify } from './verify.ts'

export const usage = stageUsage(
  'verify',
  `Checks the live stage after a deploy: the site and the contact API through CloudFront, the API
closed around it, the table's TTL and backups, the data stack's protection, the dead-letter
queue, the schedules, SES and DKIM, the CloudFront alarms' distribution and the canary.
Reads only, except one synthetic enquiry sent last through the live pipeline, as the canary
sends it (kept a day, e-mailed to SES's mailbox simulator only; its key is read from the
stage's CanaryKeySecretArn secret). Prints a table; exit 1 on any FAIL.`,
)

export const runVerify = stageCommand<VerifyDeps>(usage, verify, formatTable)

if (import.meta.main) {
  await runMain('verify', () => runVerify(process.argv.slice(2), terminalIo))
}
