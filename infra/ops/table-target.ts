import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb'
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb'
import { Level } from 'level'
import { requestHandlerOptions } from '../../functions/aws-clients.ts'
import type { EnquiryTableRef } from '../../functions/enquiries/attention.ts'
import { startDynalite } from '../local/emulators.ts'
import { localCredentials, localTableName } from '../local/pipeline.ts'
import { DEFAULT_REGION } from '../stage-settings.ts'

/**
 * The one enquiries table every ops operation works on: the local stack's (the one `npm start`
 * runs) by default, or a deployed one named by its table, region and endpoint. Every call to it
 * runs under the functions' own time limits; the command lines add a limit on the whole run.
 */

/** Which table: a deployed one by `table` (with `region`, `endpoint`), else the local stack's. */
export interface TableChoice {
  readonly table?: string
  readonly region?: string
  readonly endpoint?: string
}

export interface TableTarget extends EnquiryTableRef {
  /** For audit lines and messages: which table, where. */
  readonly name: string
  close(): Promise<void>
}

/** The local stack's dynalite folder, as `npm start` keeps it. */
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
  options: TableChoice,
  env: Record<string, string | undefined>,
  dataDir: string = localDataDir,
): Promise<TableTarget> {
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
