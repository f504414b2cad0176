import { DynamoDBClient } from '@aws-sdk/client-dynamodb'
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb'
import { requestHandlerOptions } from '#functions/aws-clients.ts'
import type { EnquiryTableRef } from '#functions/enquiries/attention.ts'
import { DEFAULT_REGION } from '#infra/stage-settings.ts'

/**
 * The one enquiries table every ops operation works on: a deployed one named by its table,
 * region and endpoint, or the local stack's (local/table-target.ts), which the command line
 * chooses when no table is named. Every call to it has a per-attempt limit (below); the command
 * lines add a limit on the whole run.
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

/**
 * A client that sends nothing once `stop` is called: a command that ran out of time has said
 * what it did ("Stopped: …", an audit line), and an SDK retry of a request cut off by that stop
 * must not go out afterwards and change the table behind the operator's back (an erasure's
 * delete landing after its audit line counted it as not done). The check runs on every attempt:
 * it sits inside the SDK's retry loop, and its error is not one the SDK retries.
 */
function stoppableClient(config: ConstructorParameters<typeof DynamoDBClient>[0]) {
  let stopped = false
  const base = new DynamoDBClient({ maxAttempts: 2, requestHandler: opsRequestHandler, ...config })
  base.middlewareStack.add(
    (next) => async (args) => {
      if (stopped) {
        throw Object.assign(new Error('the command has stopped: no request goes out after it'), {
          name: 'CommandStopped',
        })
      }
      return next(args)
    },
    { step: 'finalizeRequest', priority: 'low', name: 'noRequestAfterStop' },
  )
  const client = DynamoDBDocumentClient.from(base)
  return {
    client,
    stop() {
      stopped = true
      client.destroy()
    },
  }
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
  const { client, stop } = stoppableClient({
    region: 'eu-west-2',
    endpoint: local.endpoint,
    credentials: local.credentials,
  })
  return {
    client,
    tableName: local.tableName,
    name: `local ${local.tableName}`,
    close: closeOnce(async () => {
      stop()
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
  const { client, stop } = stoppableClient({
    region,
    ...(options.endpoint && { endpoint: options.endpoint }),
  })
  return {
    client,
    tableName: options.table,
    name: `${options.table} (${options.endpoint ?? region})`,
    close: closeOnce(async () => stop()),
  }
}
