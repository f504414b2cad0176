/**
 * `npm run canary -- URL`: the canary's check, once, against any copy of the site: the local
 * stack (`npm start`) or a deployed stage. The same code the scheduled canary runs
 * (functions/canary/check.ts): the home page, a synthetic enquiry posted the visitor's way, the
 * enquiry stored as synthetic with a one-day TTL, its e-mail reported delivered by SES's mailbox
 * simulator. One line per step; exit 0 when every step passed, 1 when one failed or was late,
 * 2 when the command was misused.
 */
import { DELIVERED_WITHIN_MS, formatCanaryResult, runCanary } from '#functions/canary/check.ts'
import { enquiryStatusReader } from '#functions/canary/create-handler.ts'
import { readLocalSyntheticKey } from '#local/synthetic-key.ts'
import { findLocalTable } from '#local/table-target.ts'
import { syntheticEnquiry } from '#shared/synthetic-enquiry.ts'
import * as cli from './command.ts'
import { connect } from './table-target.ts'

export const usage = `Usage: npm run canary -- URL [options]

  URL               the site's address: the local stack's (npm start prints it) or a stage's
                    SiteUrl output

${cli.targetUsage}

The synthetic key: ${syntheticEnquiry.env} from the environment (a deployed stage's, from its
CanaryKeySecretArn output: aws secretsmanager get-secret-value --secret-id ARN), else the local
stack's own (.data/synthetic-key, made by npm start).

Options:
  --within SECONDS  how long SES may take to report the e-mail delivered (default ${DELIVERED_WITHIN_MS / 1000})
  --timeout SECONDS how long the command may take in all (default: --within plus 60)`

export interface CanaryIo {
  out(text: string): void
  err(text: string): void
  readonly env: Record<string, string | undefined>
  /** The local stack's synthetic key file. @default .data/synthetic-key */
  readonly localKeyFile?: string
  /** The local stack's dynalite folder. @default .data/dynamodb */
  readonly localDataDir?: string
}

export async function runCanaryCommand(args: readonly string[], io: CanaryIo): Promise<number> {
  const parsed = cli.parseCommandLine(args, { within: { type: 'string' } }, usage, io.err)
  if (typeof parsed === 'number') return parsed
  const { values, positionals } = parsed
  const [siteUrl, ...extra] = positionals
  if (!siteUrl || extra.length > 0 || !/^https?:\/\/[^/\s]+/.test(siteUrl)) {
    io.err(`Give the site's URL, once (http:// or https://).\n\n${usage}`)
    return 2
  }
  const withinMs = cli.timeLimitMs(values.within, DELIVERED_WITHIN_MS / 1000)
  const limitMs = cli.timeLimitMs(values.timeout, (withinMs ?? 0) / 1000 + 60)
  if (withinMs === undefined || limitMs === undefined) {
    io.err('--within and --timeout take a number of seconds, up to 3600.')
    return 2
  }
  const key =
    io.env[syntheticEnquiry.env]?.trim() ||
    (values.table ? undefined : readLocalSyntheticKey(io.localKeyFile))
  if (!key) {
    io.err(
      values.table
        ? `Set ${syntheticEnquiry.env} to the stage's synthetic key (its CanaryKeySecretArn output).`
        : `No local synthetic key: start the local stack once (npm start), or set ${syntheticEnquiry.env}.`,
    )
    return 2
  }

  return cli.onTable(
    {
      command: 'the canary',
      limitMs,
      connect: () =>
        connect(values, io.env, () => findLocalTable(values.endpoint, io.env, io.localDataDir)),
      err: io.err,
      failed: () => 'The canary could not run',
    },
    async (target) => {
      const result = await runCanary({
        siteUrl,
        key,
        readEnquiry: enquiryStatusReader(target.client, target.tableName),
        deliveredWithinMs: withinMs,
        pollEveryMs: 1_000,
      })
      io.out(`${formatCanaryResult(result)}\n`)
      io.out(
        `${result.passed ? 'PASS' : 'FAIL'}  canary against ${siteUrl} (table ${target.name})\n`,
      )
      return result.passed ? 0 : 1
    },
  )
}

if (import.meta.main) {
  await cli.runMain('canary', () => runCanaryCommand(process.argv.slice(2), cli.terminalIo))
}
