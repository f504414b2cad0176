/**
 * `npm run enquiries -- <list|show|requeue|release|digest|simulate> …`: what ops do when an enquiry's
 * e-mail did not reach the agency, against the local stack's table by default or a deployed one
 * with `--table`. Lists print no personal data; `show` is the one command that does.
 * See docs/operations.md.
 */
import { parseArgs } from 'node:util'
import { injectDeliveryEvent } from '../../functions/delivery-events/inject.ts'
import type { SampleEventType } from '../../functions/delivery-events/sample-events.ts'
import { createMetrics } from '../../functions/metrics.ts'
import { DEFAULT_REGION } from '../config.ts'
import { onTable, runMain, timeLimitMs, timeoutOption, timeoutUsage } from './command.ts'
import { connect, localDataDir, type Target } from './dsar.ts'
import {
  heldEnquiries,
  idsForReference,
  isReference,
  readEnquiry,
  requeueAllGaveUp,
  requeueable,
  requeueEnquiry,
  summaryTable,
  undeliveredEnquiries,
} from './enquiry-ops.ts'
import { sendLocalDigest } from './local-digest.ts'

export const usage = `Usage:
  npm run enquiries -- list --undelivered     pending, gave-up, bounced, complained, rejected
  npm run enquiries -- list --spam            held back as spam
  npm run enquiries -- show REF               one enquiry, personal data included
  npm run enquiries -- requeue REF            e-mail it again (from gave-up, bounced, complained, rejected)
  npm run enquiries -- requeue --all-gave-up  every enquiry whose e-mail gave up
  npm run enquiries -- release REF            a held enquiry to the inbox after all
  npm run enquiries -- digest                 local stack only: the scheduled digest to the
                                              agency, sent now to the mailbox (SES_PORT)
  npm run enquiries -- simulate bounce REF    local stack only: SES reports a bounce for it
                                              (also complaint, reject, delivery)

REF is the 8-character reference in the e-mail's subject, or the enquiry's full id.

Target (default: the local stack's table, as npm start runs it):
  --table NAME      a deployed table (the stack's EnquiriesTableName output); AWS credentials
                    come from the usual chain (AWS_PROFILE, SSO, environment, instance role)
  --region REGION   the deployed table's region (default: AWS_REGION, else ${DEFAULT_REGION})
  --endpoint URL    a DynamoDB endpoint of your own (e.g. a local emulator)
${timeoutUsage}`

export interface EnquiriesIo {
  /** Results: lists, the enquiry shown. */
  out(text: string): void
  /** Everything else: counts, what was done, errors. */
  err(text: string): void
  now(): Date
  readonly env: Record<string, string | undefined>
  /** @default the repository's .data/dynamodb (as `npm start` keeps it) */
  readonly localDataDir?: string
}

const simulated: Record<string, SampleEventType> = {
  bounce: 'Bounce',
  complaint: 'Complaint',
  reject: 'Reject',
  delivery: 'Delivery',
}

const plural = (count: number) => `${count} ${count === 1 ? 'enquiry' : 'enquiries'}`

/** Runs one command; resolves the exit code (0 done, 1 failed or nothing done, 2 usage). */
export async function runEnquiries(args: readonly string[], io: EnquiriesIo): Promise<number> {
  const parse = () =>
    parseArgs({
      args: [...args],
      allowPositionals: true,
      options: {
        undelivered: { type: 'boolean', default: false },
        spam: { type: 'boolean', default: false },
        'all-gave-up': { type: 'boolean', default: false },
        table: { type: 'string' },
        region: { type: 'string' },
        endpoint: { type: 'string' },
        ...timeoutOption,
        help: { type: 'boolean', short: 'h', default: false },
      },
    })
  let parsed: ReturnType<typeof parse>
  try {
    parsed = parse()
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${usage}`)
    return 2
  }
  const { values, positionals } = parsed
  if (values.help) {
    io.err(usage)
    return 0
  }
  const [command, ...rest] = positionals
  const limitMs = timeLimitMs(values.timeout)
  const problem =
    usageProblem(command, rest, values) ??
    (limitMs === undefined ? '--timeout takes a number of seconds, at most 3600.' : undefined)
  if (problem || limitMs === undefined) {
    io.err(`${problem}\n\n${usage}`)
    return 2
  }

  return onTable(
    {
      command: command as string,
      limitMs,
      connect: () => connect(values, io.env, io.localDataDir ?? localDataDir),
      err: io.err,
      failed: (target) => `Could not reach the enquiries table ${target.name}`,
    },
    (target) => run(target, command as string, rest, values, io),
  )
}

function usageProblem(
  command: string | undefined,
  rest: readonly string[],
  values: {
    undelivered: boolean
    spam: boolean
    'all-gave-up': boolean
    table?: string
    endpoint?: string
  },
): string | undefined {
  switch (command) {
    case 'list':
      if (rest.length > 0 || values.undelivered === values.spam)
        return 'Say list --undelivered or list --spam.'
      return undefined
    case 'show':
    case 'release':
      if (rest.length !== 1 || !isReference(rest[0] as string)) return `${command} needs one REF.`
      return undefined
    case 'requeue':
      if (
        values['all-gave-up']
          ? rest.length !== 0
          : rest.length !== 1 || !isReference(rest[0] as string)
      ) {
        return 'requeue needs one REF, or --all-gave-up.'
      }
      return undefined
    case 'digest':
      if (rest.length > 0) return 'digest takes no REF: it lists every enquiry that waits.'
      // The deployed digest runs on its schedule, from the deployed function.
      if (values.table && !values.endpoint) return 'digest works on the local stack only.'
      return undefined
    case 'simulate':
      if (rest.length !== 2 || !simulated[rest[0] as string] || !isReference(rest[1] as string)) {
        return 'simulate needs an event (bounce, complaint, reject, delivery) and one REF.'
      }
      // A fabricated SES event must never reach a deployed table.
      if (values.table && !values.endpoint) return 'simulate works on the local stack only.'
      return undefined
    default:
      return 'Say list, show, requeue, release, digest or simulate.'
  }
}

async function run(
  target: Target,
  command: string,
  rest: readonly string[],
  values: { undelivered: boolean; 'all-gave-up': boolean },
  io: EnquiriesIo,
): Promise<number> {
  const now = io.now()
  if (command === 'list') {
    const found = values.undelivered
      ? await undeliveredEnquiries(target, now)
      : await heldEnquiries(target, now)
    if (found.length > 0) io.out(`${summaryTable(found, now)}\n`)
    io.err(
      `${plural(found.length)} ${values.undelivered ? 'not delivered' : 'held as spam'} in ${target.name}.`,
    )
    return 0
  }
  if (command === 'digest') {
    let sent: Awaited<ReturnType<typeof sendLocalDigest>>
    try {
      sent = await sendLocalDigest(target, io.env, now)
    } catch (error) {
      if ((error as Error).name !== 'MailboxUnreachable') throw error
      io.err(`Could not send the digest: ${(error as Error).message}`)
      return 1
    }
    const { outcome, mailbox, agencyEmail } = sent
    io.err(
      outcome.listed === 0
        ? 'Nothing waits for the agency: no digest sent.'
        : `Sent the digest of ${plural(outcome.listed)} (${outcome.undelivered} not delivered, ${outcome.held} held as spam) to ${agencyEmail}: see the mailbox at ${mailbox}/`,
    )
    return 0
  }
  if (command === 'requeue' && values['all-gave-up']) {
    const count = await requeueAllGaveUp(target, now)
    io.err(`Requeued ${plural(count)}; the retry e-mails them on its next run.`)
    return 0
  }

  const reference = rest.at(-1) as string
  const ids = await idsForReference(target, reference)
  if (ids.length === 0) {
    // Said for a full id too: one that names no stored enquiry is not shown as nothing.
    io.err(`No enquiry ${reference} in ${target.name}.`)
    return 1
  }
  if (ids.length > 1 && command !== 'show') {
    io.err(
      `${ids.length} enquiries share the reference ${reference}: name one by its full id (${ids.join(', ')}).`,
    )
    return 1
  }

  switch (command) {
    case 'show': {
      for (const id of ids) {
        const enquiry = await readEnquiry(target, id)
        if (enquiry) io.out(`${JSON.stringify(enquiry, null, 2)}\n`)
      }
      io.err('Personal data: read it here, do not copy it into tickets or chat.')
      return 0
    }
    case 'requeue':
    case 'release': {
      const from = command === 'release' ? (['held'] as const) : requeueable
      const done = await requeueEnquiry(target, ids[0] as string, from, now)
      if (!done) {
        const current = await readEnquiry(target, ids[0] as string)
        io.err(
          `Not changed: ${reference} is ${current?.emailStatus ?? 'gone'}; ${command} takes one that is ${from.join(', ')}.`,
        )
        return 1
      }
      io.err(
        `${reference} is pending again; the retry e-mails it on its next run${command === 'release' ? ' (released from spam)' : ''}.`,
      )
      return 0
    }
    default: {
      // simulate: the deployed function's own code, fed the record SES would publish.
      const type = simulated[rest[0] as string] as SampleEventType
      const result = await injectDeliveryEvent(
        {
          documentClient: target.client,
          tableName: target.tableName,
          metrics: createMetrics('delivery-events', { stage: io.env.STAGE ?? 'local' }),
          log: (entry) => io.err(JSON.stringify(entry)),
        },
        type,
        ids[0] as string,
        now,
      )
      const after = await readEnquiry(target, ids[0] as string)
      io.err(
        `Simulated an SES ${type} for ${reference}: ${result.outcome}; its e-mail status is now ${after?.emailStatus}.`,
      )
      return 0
    }
  }
}

if (import.meta.main) {
  await runMain('enquiries', () =>
    runEnquiries(process.argv.slice(2), {
      out: (text) => process.stdout.write(text),
      err: (text) => process.stderr.write(`${text}\n`),
      now: () => new Date(),
      env: process.env,
    }),
  )
}
