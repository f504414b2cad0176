import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb'
import { Level } from 'level'
import { requestHandlerOptions } from '#functions/aws-clients.ts'
import { startDynalite } from './emulators.ts'
import { localCredentials, localTableName } from './pipeline.ts'

/** The local stack's dynalite folder, as `npm start` keeps it. */
export const localDataDir = fileURLToPath(new URL('../.data/dynamodb/', import.meta.url))

/** Where the local stack's enquiries table answers, and how to let go of it when done. */
export interface LocalTable {
  readonly endpoint: string
  readonly tableName: string
  readonly credentials: typeof localCredentials
  close(): Promise<void>
}

function isConnectionRefused(error: unknown): boolean {
  const text = `${(error as { code?: string })?.code ?? ''} ${String(error)}`
  return /ECONNREFUSED/.test(text) || /ECONNREFUSED/.test(String((error as Error)?.cause ?? ''))
}

/**
 * The local stack's table for an ops command: the running stack's dynalite (at `endpoint`, else
 * DYNAMODB_PORT's), or (when `npm start` is not running) its data folder opened here, so a
 * request never needs the site to be up.
 */
export async function findLocalTable(
  endpoint: string | undefined,
  env: Record<string, string | undefined>,
  dataDir: string = localDataDir,
): Promise<LocalTable> {
  const url = endpoint ?? `http://127.0.0.1:${env.DYNAMODB_PORT ?? 8000}`
  const at = (where: string, close: () => Promise<void> = async () => {}): LocalTable => ({
    endpoint: where,
    tableName: localTableName,
    credentials: localCredentials,
    close,
  })
  const probe = new DynamoDBClient({
    region: 'eu-west-2',
    endpoint: url,
    credentials: localCredentials,
    maxAttempts: 2,
    requestHandler: requestHandlerOptions,
  })
  try {
    await probe.send(new DescribeTableCommand({ TableName: localTableName }))
    return at(url)
  } catch (error) {
    if (endpoint || !isConnectionRefused(error)) throw error
  } finally {
    probe.destroy()
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
      `nothing answers on ${url}, and the local data folder is in use by a running local ` +
        'stack. Set DYNAMODB_PORT to the DynamoDB port it printed at start-up (or stop it).',
    )
  }
  const dynalite = await startDynalite({ path: dataDir })
  return at(dynalite.url, () => dynalite.close())
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
