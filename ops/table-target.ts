import { DynamoDBClient } from '@aws-sdk/client-dynamodb'
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb'
import { requestHandlerOptions } from '#functions/aws-clients.ts'
import type { EnquiryTableRef } from '#functions/enquiries/attention.ts'
import { DEFAULT_REGION } from '#infra/stage-settings.ts'

/**
 * The one enquiries table every ops operation works on: a deployed one named by its table,
 * region and endpoint, or the local stack's (local/table-target.ts), which the command line
 * chooses when no table is named. Every call to it runs under the functions' own time limits;
 * the command lines add a limit on the whole run.
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

/**
 * An operator waits at a terminal: each attempt ends (1 s to connect, 3 s to an answer's
 * headers), and a second one follows, so a table that accepts and never answers is reported in
 * about 6 s, not after the functions' longer per-attempt waits (aws-clients.ts). An answer that
 * drips is ended by the command's own time limit.
 */
const opsRequestHandler = { ...requestHandlerOptions, requestTimeout: 3_000 }

function documentClient(config: ConstructorParameters<typeof DynamoDBClient>[0]) {
  return DynamoDBDocumentClient.from(
    new DynamoDBClient({ maxAttempts: 2, requestHandler: opsRequestHandler, ...config }),
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

/**
 * Where the local stack's table answers (local/table-target.ts finds it): the command line
 * chooses it when no table is named, so no operation depends on the local stack.
 */
export interface LocalTableLocation {
  readonly endpoint: string
  readonly tableName: string
  readonly credentials: { readonly accessKeyId: string; readonly secretAccessKey: string }
  close(): Promise<void>
}

/** The table a command works on: the deployed one `--table` names, else the local stack's. */
export async function connect(
  options: TableChoice,
  env: Record<string, string | undefined>,
  findLocal: () => Promise<LocalTableLocation>,
): Promise<TableTarget> {
  if (options.table) return deployedTable({ ...options, table: options.table }, env)
  const local = await findLocal()
  const client = documentClient({
    region: 'eu-west-2',
    endpoint: local.endpoint,
    credentials: local.credentials,
  })
  return {
    client,
    tableName: local.tableName,
    name: `local ${local.tableName}`,
    close: closeOnce(async () => {
      client.destroy()
      await local.close()
    }),
  }
}

/** A deployed table, as `--table NAME` (with `--region`, `--endpoint`) names it. */
function deployedTable(
  options: TableChoice & { readonly table: string },
  env: Record<string, string | undefined>,
): TableTarget {
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
