import { dirname, join } from 'node:path'
import type { SampleEventType } from '#functions/delivery-events/sample-events.ts'
import { requeueable, requeueEnquiry } from '#functions/enquiries/staff-actions.ts'
import { sendLocalEvidence } from '#local/send-evidence.ts'
import { sendLocalStaffMail } from '#local/send-staff-mail.ts'
import type { StaffMailJob } from '#local/staff-mail.ts'
import { findLocalTable, localDataDir } from '#local/table-target.ts'
import { formatAgencyTime } from '#shared/agency-time.ts'
import * as cli from './command.ts'
import {
  answerSummary,
  heldEnquiries,
  idsForReference,
  isReference,
  readEnquiry,
  requeueAllGaveUp,
  simulateSesEvent,
  summaryTable,
  undeliveredEnquiries,
} from './enquiries.ts'
import { connect, type TableTarget } from './table-target.ts'

export const usage = `Usage:
  npm run enquiries -- list --undelivered     pending, gave-up, bounced, complained, rejected
  npm run enquiries -- list --spam            held back as spam
  npm run enquiries -- show REF               one enquiry, personal data included, and whether
                                              it was answered (when, by whom), in agency time
  npm run enquiries -- requeue REF            e-mail it again (from gave-up, bounced, complained, rejected)
  npm run enquiries -- requeue --all-gave-up  every enquiry whose e-mail gave up
  npm run enquiries -- release REF            a held enquiry to the inbox after all
  npm run enquiries -- digest                 local stack only: the scheduled digest to the
                                              agency, sent now to the mailbox (SES_PORT)
  npm run enquiries -- remind                  local stack only: the reminder of enquiries not
                                              answered 20 hours on, sent now likewise
  npm run enquiries -- weekly                  local stack only: last week's summary, sent now
  npm run enquiries -- evidence               local stack only: the monthly retention report,
                                              written under .data/retention-evidence/ and
                                              e-mailed to the mailbox now
  (digest, remind, weekly: --now ISO-TIME runs them as at that moment, e.g. 2026-07-27T07:00Z)
  npm run enquiries -- simulate bounce REF    local stack only: SES reports a bounce for it
                                              (also complaint, reject, delivery)

REF is the 8-character reference in the e-mail's subject, or the enquiry's full id.

${cli.targetUsage}
${cli.timeoutUsage}`

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
  const parsed = cli.parseCommandLine(
    args,
    {
      undelivered: { type: 'boolean', default: false },
      spam: { type: 'boolean', default: false },
      'all-gave-up': { type: 'boolean', default: false },
      now: { type: 'string' },
    },
    usage,
    io.err,
  )
  if (typeof parsed === 'number') return parsed
  const { values, positionals } = parsed
  const [command, ...rest] = positionals
  const limitMs = cli.timeLimitMs(values.timeout)
  const problem =
    usageProblem(command, rest, values) ??
    (limitMs === undefined ? '--timeout takes a number of seconds, at most 3600.' : undefined)
  if (problem || limitMs === undefined) {
    io.err(`${problem}\n\n${usage}`)
    return 2
  }

  if (command === 'evidence') return evidenceNow(values, io)
  return cli.onTable(
    {
      command: command as string,
      limitMs,
      connect: () =>
        connect(values, io.env, () => findLocalTable(values.endpoint, io.env, io.localDataDir)),
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
    now?: string
  },
): string | undefined {
  const staffMail = command === 'digest' || command === 'remind' || command === 'weekly'
  if (values.now !== undefined && (!staffMail || Number.isNaN(Date.parse(values.now)))) {
    return staffMail
      ? '--now takes an ISO 8601 time, e.g. 2026-07-27T07:00:00Z.'
      : '--now is for digest, remind and weekly.'
  }
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
    case 'remind':
    case 'weekly':
      if (rest.length > 0) return `${command} takes no REF: it reads every enquiry it is about.`
      // The deployed ones run on their schedules, from the deployed functions.
      if (values.table && !values.endpoint) return `${command} works on the local stack only.`
      return undefined
    case 'evidence':
      if (rest.length > 0) return 'evidence takes no REF: it reports on the whole table.'
      // The deployed evidence is filed by its monthly function.
      if (values.table && !values.endpoint) return 'evidence works on the local stack only.'
      return undefined
    case 'simulate':
      if (rest.length !== 2 || !simulated[rest[0] as string] || !isReference(rest[1] as string)) {
        return 'simulate needs an event (bounce, complaint, reject, delivery) and one REF.'
      }
      // A fabricated SES event must never reach a deployed table.
      if (values.table && !values.endpoint) return 'simulate works on the local stack only.'
      return undefined
    default:
      return 'Say list, show, requeue, release, digest, remind, weekly, evidence or simulate.'
  }
}

async function run(
  target: TableTarget,
  command: string,
  rest: readonly string[],
  values: { undelivered: boolean; 'all-gave-up': boolean; now?: string },
  io: EnquiriesIo,
): Promise<number> {
  const now = values.now ? new Date(values.now) : io.now()
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
  if (command === 'digest' || command === 'remind' || command === 'weekly') {
    try {
      const sent = await sendLocalStaffMail(command as StaffMailJob, target, io.env, now)
      io.err(sent.sent ? `${sent.summary}: see the mailbox at ${sent.mailbox}/` : sent.summary)
      return 0
    } catch (error) {
      if ((error as Error).name !== 'MailboxUnreachable') throw error
      io.err(`Could not send the ${command}: ${(error as Error).message}`)
      return 1
    }
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
        if (!enquiry) continue
        io.out(`${answerSummary(enquiry, now, io.env.AGENCY_TIME_ZONE)}\n`)
        io.out(`${JSON.stringify(enquiry, null, 2)}\n`)
      }
      io.err('Personal data: read it here, do not copy it into tickets or chat.')
      return 0
    }
    case 'requeue':
    case 'release': {
      const from = command === 'release' ? (['held'] as const) : requeueable
      const done = await requeueEnquiry(target, ids[0] as string, from, now, { by: 'ops' })
      if (!done) {
        const current = await readEnquiry(target, ids[0] as string)
        io.err(
          current?.dismissedAt
            ? `Not changed: staff stopped listing ${reference} on ${formatAgencyTime(String(current.dismissedAt), io.env.AGENCY_TIME_ZONE)}; it is not sent.`
            : `Not changed: ${reference} is ${current?.emailStatus ?? 'gone'}; ${command} takes one that is ${from.join(', ')}.`,
        )
        return 1
      }
      io.err(
        `${reference} is pending again; the retry e-mails it on its next run${command === 'release' ? ' (released from spam)' : ''}.`,
      )
      return 0
    }
    default: {
      const type = simulated[rest[0] as string] as SampleEventType
      const { outcome, emailStatus } = await simulateSesEvent(target, type, ids[0] as string, {
        now,
        stage: io.env.STAGE ?? 'local',
        log: (entry) => io.err(JSON.stringify(entry)),
      })
      io.err(
        `Simulated an SES ${type} for ${reference}: ${outcome}; its e-mail status is now ${emailStatus}.`,
      )
      return 0
    }
  }
}

if (import.meta.main) {
  await cli.runMain('enquiries', () =>
    runEnquiries(process.argv.slice(2), { ...cli.terminalIo, now: () => new Date() }),
  )
}

/** `evidence`: the monthly retention evidence, now, on the local stack. */
async function evidenceNow(values: { endpoint?: string }, io: EnquiriesIo): Promise<number> {
  let table: Awaited<ReturnType<typeof findLocalTable>>
  try {
    table = await findLocalTable(values.endpoint, io.env, io.localDataDir)
  } catch (error) {
    io.err(`Could not reach the enquiries table: ${cli.oneLine(error)}`)
    return 1
  }
  const folder = join(dirname(io.localDataDir ?? localDataDir), 'retention-evidence')
  try {
    const { outcome, mailbox, auditEmail } = await sendLocalEvidence(
      table,
      io.env,
      folder,
      io.now(),
    )
    io.err(
      `Filed the retention report (${outcome.failures > 0 ? `${outcome.failures} FAIL` : 'PASS'}): ${outcome.markdown} and ${outcome.json}; e-mailed to ${auditEmail}: see the mailbox at ${mailbox}/`,
    )
    return outcome.failures > 0 ? 1 : 0
  } catch (error) {
    io.err(`Could not file the retention report: ${cli.oneLine(error)}`)
    return 1
  } finally {
    await table.close()
  }
}
