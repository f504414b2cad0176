/**
 * `npm run dsar -- <export|erase> --email ADDRESS [options]`: a data-subject request against the
 * enquiries table, local (the stack `npm start` runs) by default or deployed with `--table`.
 * See docs/operations.md.
 */
import { appendFileSync, existsSync, writeFileSync } from 'node:fs'
import { hostname, userInfo } from 'node:os'
import { dirname, resolve } from 'node:path'
import { createInterface } from 'node:readline/promises'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb'
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb'
import { Level } from 'level'
import { requestHandlerOptions } from '../../functions/aws-clients.ts'
import type { EnquiryTableRef } from '../../functions/enquiries/attention.ts'
import { contactSchema } from '../../shared/contact.ts'
import { DEFAULT_REGION } from '../config.ts'
import { startDynalite } from '../local/emulators.ts'
import { localCredentials, localTableName } from '../local/pipeline.ts'
import { retention } from '../retention.ts'
import { isFolder, onTable, runMain, timeLimitMs, timeoutOption, timeoutUsage } from './command.ts'
import {
  auditLine,
  byRetention,
  eraseEnquiries,
  exportDocument,
  findEnquiries,
  subjectReference,
} from './data-subject.ts'

export const usage = `Usage:
  npm run dsar -- export --email ADDRESS [--out FILE]
  npm run dsar -- erase  --email ADDRESS [--yes]

Target (default: the local stack's table, as npm start runs it):
  --table NAME      a deployed table (the stack's EnquiriesTableName output); AWS credentials
                    come from the usual chain (AWS_PROFILE, SSO, environment, instance role)
  --region REGION   the deployed table's region (default: AWS_REGION, else ${DEFAULT_REGION})
  --endpoint URL    a DynamoDB endpoint of your own (e.g. a local emulator)

Options:
  --out FILE        export: write the JSON to FILE (created, never overwritten) instead of stdout
  --yes             erase: do not ask for confirmation (needed without a terminal)
  --operator NAME   who runs the request, for the audit line (default: DSAR_OPERATOR, else user@host)
  --audit-log FILE  also append the audit line to FILE
${timeoutUsage}`

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

export interface Target extends EnquiryTableRef {
  /** For the audit line and messages: which table, where. */
  readonly name: string
  close(): Promise<void>
}

export const localDataDir = fileURLToPath(new URL('../../.data/dynamodb/', import.meta.url))

/**
 * A client whose every attempt ends: 1 s to connect, 2 s to an answer's headers (the functions'
 * settings). An answer that drips is ended by the command's own time limit.
 */
function documentClient(config: ConstructorParameters<typeof DynamoDBClient>[0]) {
  return DynamoDBDocumentClient.from(
    new DynamoDBClient({ maxAttempts: 2, requestHandler: requestHandlerOptions, ...config }),
  )
}

/** Runs `close` once, however often it is called (on time-out, then as the command ends). */
function closeOnce(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined
  return () => {
    closing ??= close()
    return closing
  }
}

function isConnectionRefused(error: unknown): boolean {
  const text = `${(error as { code?: string })?.code ?? ''} ${String(error)}`
  return /ECONNREFUSED/.test(text) || /ECONNREFUSED/.test(String((error as Error)?.cause ?? ''))
}

/**
 * The table to work on. Locally: the running stack's dynalite, or (when `npm start` is not
 * running) its data folder opened here, so a request never needs the site to be up.
 */
export async function connect(
  options: { table?: string; region?: string; endpoint?: string },
  env: DsarIo['env'],
  dataDir: string,
): Promise<Target> {
  if (options.table) {
    const region = options.region ?? env.AWS_REGION ?? DEFAULT_REGION
    const client = documentClient({
      region,
      ...(options.endpoint && { endpoint: options.endpoint }),
    })
    return {
      client,
      tableName: options.table,
      name: `${options.table} (${options.endpoint ?? region})`,
      close: closeOnce(async () => client.destroy()),
    }
  }
  const endpoint = options.endpoint ?? `http://127.0.0.1:${env.DYNAMODB_PORT ?? 8000}`
  const local = (url: string, close: () => Promise<void> = async () => {}) => {
    const client = documentClient({
      region: 'eu-west-2',
      endpoint: url,
      credentials: localCredentials,
    })
    return {
      client,
      tableName: localTableName,
      name: `local ${localTableName}`,
      close: closeOnce(async () => {
        client.destroy()
        await close()
      }),
    }
  }
  const running = local(endpoint)
  try {
    await running.client.send(new DescribeTableCommand({ TableName: localTableName }))
    return running
  } catch (error) {
    await running.close()
    if (options.endpoint || !isConnectionRefused(error)) throw error
  }
  if (!existsSync(dataDir)) {
    throw new Error(
      'No local enquiries: the local stack has never stored any (no .data/dynamodb). ' +
        'Pass --table NAME for a deployed table.',
    )
  }
  if (await inUseByAnotherProcess(dataDir)) {
    // Another dynalite (the running stack) holds the folder: opening it here would only fail
    // later, inside dynalite, with "Database is closed".
    throw new Error(
      `nothing answers on ${endpoint}, and the local data folder is in use by a running local ` +
        'stack. Set DYNAMODB_PORT to the DynamoDB port it printed at start-up (or stop it).',
    )
  }
  const dynalite = await startDynalite({ path: dataDir })
  return local(dynalite.url, () => dynalite.close())
}

/** Whether a LevelDB folder (dynalite's store) is locked by a process that has it open. */
async function inUseByAnotherProcess(dir: string): Promise<boolean> {
  const db = new Level(dir, { createIfMissing: false })
  try {
    await db.open()
    return false
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code === 'LEVEL_LOCKED') return true
    // Anything else (an empty or damaged folder) is for dynalite to report.
    return false
  } finally {
    await db.close()
  }
}

const enquiries = (count: number) => `${count} ${count === 1 ? 'enquiry' : 'enquiries'}`

/** Runs one request; resolves the process exit code (0 done, 1 failed or declined, 2 usage). */
export async function runDsar(args: readonly string[], io: DsarIo): Promise<number> {
  const parse = () =>
    parseArgs({
      args: [...args],
      allowPositionals: true,
      options: {
        email: { type: 'string' },
        out: { type: 'string' },
        yes: { type: 'boolean', default: false },
        table: { type: 'string' },
        region: { type: 'string' },
        endpoint: { type: 'string' },
        operator: { type: 'string' },
        'audit-log': { type: 'string' },
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
  const command = positionals[0]
  if (values.help) {
    io.err(usage)
    return 0
  }
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
  if (values.out && existsSync(values.out)) {
    io.err(`${values.out} exists; choose a new file (an export is never written over another).`)
    return 2
  }
  for (const [option, file] of [
    ['--out', values.out],
    ['--audit-log', values['audit-log']],
  ] as const) {
    if (file !== undefined && !isFolder(dirname(resolve(file)))) {
      io.err(`${option} ${file}: its folder does not exist.\n\n${usage}`)
      return 2
    }
  }
  const limitMs = timeLimitMs(values.timeout)
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

  const carryOut = async (target: Target): Promise<number> => {
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
    const erased = await eraseEnquiries(target, found)
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

  return onTable(
    {
      command,
      limitMs,
      connect: () => connect(values, io.env, io.localDataDir ?? localDataDir),
      err: io.err,
      failed: () => 'The request failed',
      afterTimeout: 'Run it again: it finds what is left.',
    },
    carryOut,
  )
}

if (import.meta.main) {
  const terminal = createInterface({ input: process.stdin, output: process.stderr })
  await runMain('dsar', () =>
    runDsar(process.argv.slice(2), {
      out: (text) => process.stdout.write(text),
      err: (text) => process.stderr.write(`${text}\n`),
      isTTY: Boolean(process.stdin.isTTY),
      ask: (question) => terminal.question(question),
      now: () => new Date(),
      env: process.env,
    }).finally(() => terminal.close()),
  )
}
