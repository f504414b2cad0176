/**
 * `npm run dsar -- <export|erase> --email ADDRESS [options]`: a data-subject request against the
 * enquiries table, local (the stack `npm start` runs) by default or deployed with `--table`.
 * See docs/operations.md.
 */
import { accessSync, appendFileSync, constants, statSync, writeFileSync } from 'node:fs'
import { hostname, userInfo } from 'node:os'
import { dirname, resolve } from 'node:path'
import { createInterface } from 'node:readline/promises'
import { retention } from '#infra/retention.ts'
import { findLocalTable } from '#local/table-target.ts'
import { contactSchema } from '#shared/contact.ts'
import * as cli from './command.ts'
import {
  auditLine,
  byRetention,
  type ErasureProgress,
  eraseEnquiries,
  exportDocument,
  findEnquiries,
  subjectReference,
} from './dsar.ts'
import { isFolder } from './folders.ts'
import { connect, type TableTarget } from './table-target.ts'

export const usage = `Usage:
  npm run dsar -- export --email ADDRESS [--out FILE]
  npm run dsar -- erase  --email ADDRESS [--yes]

${cli.targetUsage}

Options:
  --out FILE        export: write the JSON to FILE (created, never overwritten) instead of stdout
  --yes             erase: do not ask for confirmation (needed without a terminal)
  --operator NAME   who runs the request, for the audit line (default: DSAR_OPERATOR, else user@host)
  --audit-log FILE  also append the audit line to FILE
${cli.timeoutUsage}`

export interface DsarIo {
  /** The export, when no --out is given. */
  out(text: string): void
  /** Everything for the operator: progress, prompts' context, the audit line. */
  err(text: string): void
  readonly isTTY: boolean
  ask(question: string): Promise<string>
  now(): Date
  readonly env: Record<string, string | undefined>
  /**
   * The local stack's dynalite folder, opened when nothing listens on its port.
   * @default the repository's .data/dynamodb (as `npm start` keeps it)
   */
  readonly localDataDir?: string
}

/**
 * Why `file` cannot take what the request writes (an export: a new file; the audit log: a file to
 * append to, created if need be), or undefined when it can.
 */
function unwritable(file: string, append: boolean): string | undefined {
  const path = resolve(file)
  try {
    if (statSync(path).isDirectory()) return 'that is a folder, not a file'
    if (!append) return 'it exists; choose a new file (an export is never written over another)'
    accessSync(path, constants.W_OK)
    return undefined
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOTDIR') return 'part of its path is a file, not a folder'
    if (code === 'EACCES' || code === 'EPERM') return 'it cannot be written (permission denied)'
    if (code !== 'ENOENT') return `it cannot be written (${code})`
  }
  const folder = dirname(path)
  if (!isFolder(folder)) return 'its folder does not exist'
  try {
    accessSync(folder, constants.W_OK)
  } catch {
    return 'its folder cannot be written to (permission denied)'
  }
  return undefined
}

const enquiries = (count: number) => `${count} ${count === 1 ? 'enquiry' : 'enquiries'}`

/** Runs one request; resolves the process exit code (0 done, 1 failed or declined, 2 usage). */
export async function runDsar(args: readonly string[], io: DsarIo): Promise<number> {
  const parsed = cli.parseCommandLine(
    args,
    {
      email: { type: 'string' },
      out: { type: 'string' },
      yes: { type: 'boolean', default: false },
      operator: { type: 'string' },
      'audit-log': { type: 'string' },
    },
    usage,
    io.err,
  )
  if (typeof parsed === 'number') return parsed
  const { values, positionals } = parsed
  const command = positionals[0]
  if ((command !== 'export' && command !== 'erase') || positionals.length > 1) {
    io.err(`Say export or erase.\n\n${usage}`)
    return 2
  }
  const email = values.email?.trim()
  if (!email || !contactSchema.shape.email.safeParse(email).success) {
    io.err(`--email needs the data subject's e-mail address.\n\n${usage}`)
    return 2
  }
  if (command === 'erase' && values.out) {
    io.err('--out is for export only.')
    return 2
  }
  if (command === 'export' && values.yes) {
    io.err('--yes is for erase only.')
    return 2
  }
  if (command === 'erase' && !values.yes && !io.isTTY) {
    io.err(
      'Refusing to erase without confirmation: run this in a terminal to be asked, or pass --yes.',
    )
    return 2
  }
  // Every file the request will write is checked before the table is touched: an erasure
  // whose audit line cannot be written would be an erasure nobody can account for.
  for (const [option, file, append] of [
    ['--out', values.out, false],
    ['--audit-log', values['audit-log'], true],
  ] as const) {
    const problem = file === undefined ? undefined : unwritable(file, append)
    if (problem) {
      io.err(`${option} ${file}: ${problem}.\n\n${usage}`)
      return 2
    }
  }
  const limitMs = cli.timeLimitMs(values.timeout)
  if (limitMs === undefined) {
    io.err(`--timeout takes a number of seconds, at most 3600.\n\n${usage}`)
    return 2
  }

  const operator = values.operator ?? io.env.DSAR_OPERATOR ?? `${userInfo().username}@${hostname()}`
  const subject = subjectReference(email)
  const audit = (line: Omit<Parameters<typeof auditLine>[0], 'time' | 'subject' | 'operator'>) => {
    const text = auditLine({ time: io.now().toISOString(), subject, operator, ...line })
    io.err(text)
    if (values['audit-log']) appendFileSync(values['audit-log'], `${text}\n`)
  }

  // An erasure under way: if it stops (a table that hangs, an error), what it did is recorded.
  let erasing:
    | { target: string; found: number; expired: number; progress: ErasureProgress }
    | undefined

  const carryOut = async (target: TableTarget): Promise<number> => {
    const found = await findEnquiries(target, email)
    const { held, expired } = byRetention(found, io.now())

    if (command === 'export') {
      const document = `${JSON.stringify(exportDocument(held, io.now()), null, 2)}\n`
      if (values.out) {
        // Personal data: readable by the operator only, and never over an existing file.
        writeFileSync(values.out, document, { mode: 0o600, flag: 'wx' })
        io.err(`Exported ${enquiries(held.length)} to ${values.out} (${target.name}).`)
      } else {
        io.out(document)
        io.err(`Exported ${enquiries(held.length)} (${target.name}).`)
      }
      if (expired > 0) {
        io.err(`${enquiries(expired)} past retention, awaiting deletion, not exported.`)
      }
      audit({
        event: 'dsar_export',
        target: target.name,
        found: found.length,
        expired,
        exported: held.length,
      })
      return 0
    }

    if (found.length === 0) {
      io.err(`No enquiries for that address in ${target.name}; nothing to erase.`)
      audit({
        event: 'dsar_erase',
        target: target.name,
        found: 0,
        expired: 0,
        erased: 0,
        confirmed: true,
      })
      return 0
    }
    io.err(`${enquiries(found.length)} for that address in ${target.name}:`)
    for (const enquiry of found) {
      io.err(`  ${enquiry.id}  sent ${enquiry.createdAt}`)
    }
    if (!values.yes) {
      const answer = await io.ask('Type "erase" to delete them permanently: ')
      if (answer.trim().toLowerCase() !== 'erase') {
        io.err('Nothing erased.')
        audit({
          event: 'dsar_erase',
          target: target.name,
          found: found.length,
          expired,
          erased: 0,
          confirmed: false,
        })
        return 1
      }
    }
    erasing = {
      target: target.name,
      found: found.length,
      expired,
      progress: { done: 0, erased: 0 },
    }
    const erased = await eraseEnquiries(target, found, erasing.progress)
    erasing = undefined
    io.err(`Erased ${enquiries(erased)}.`)
    io.err(
      'Also delete the agency e-mails about them: search the inbox for each id above (the ' +
        `body carries it; the subject reads "ref" and its first 8 hex digits). Backups (point-in-time recovery) age out within ${retention.pointInTimeRecoveryDays} days.`,
    )
    audit({
      event: 'dsar_erase',
      target: target.name,
      found: found.length,
      expired,
      erased,
      confirmed: true,
    })
    return 0
  }

  const code = await cli.onTable(
    {
      command,
      limitMs,
      connect: () =>
        connect(values, io.env, () => findLocalTable(values.endpoint, io.env, io.localDataDir)),
      err: io.err,
      failed: () => 'The request failed',
      afterTimeout: 'Run it again: it finds what is left.',
    },
    carryOut,
  )
  if (erasing) {
    // Stopped part-way: the record says what was deleted and what is left, and how to finish.
    const { progress, found } = erasing
    audit({
      event: 'dsar_erase',
      target: erasing.target,
      found,
      expired: erasing.expired,
      erased: progress.erased,
      remaining: found - progress.done,
      complete: false,
      confirmed: true,
    })
    io.err(
      `Erasure stopped part-way: ${enquiries(progress.erased)} deleted, ${enquiries(found - progress.done)} of ${found} not confirmed deleted. ` +
        'To finish, run the same erase again (the same --email and table): it finds what is left and deletes it.',
    )
    return 1
  }
  return code
}

if (import.meta.main) {
  const terminal = createInterface({ input: process.stdin, output: process.stderr })
  await cli.runMain('dsar', () =>
    runDsar(process.argv.slice(2), {
      ...cli.terminalIo,
      isTTY: Boolean(process.stdin.isTTY),
      ask: (question) => terminal.question(question),
      now: () => new Date(),
    }).finally(() => terminal.close()),
  )
}
