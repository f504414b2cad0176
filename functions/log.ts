import { Logger as PowertoolsLogger } from '@aws-lambda-powertools/logger'

/**
 * Structured logs: one JSON object per line (Powertools Logger: level, message, timestamp,
 * service, and the fields below), which CloudWatch Logs Insights reads by field. Entries carry
 * ids, counts and error names only; the type admits nothing that could hold a visitor's
 * personal data (no free-form objects, no error messages from payloads).
 */
export interface LogEntry {
  readonly level: 'info' | 'warn' | 'error'
  readonly event: string
  readonly enquiryId?: string
  readonly requestId?: string
  readonly attempts?: number
  readonly status?: number
  readonly errorName?: string
  readonly [count: `${string}Count`]: number | undefined
}

export type Logger = (entry: LogEntry) => void

/** A function's logger: the event is the message (and a field, for queries by name). */
export function createLogger(service: string): Logger {
  const logger = new PowertoolsLogger({ serviceName: service })
  return ({ level, ...fields }) => logger[level](fields.event, fields)
}

/** The logger of whatever runs the functions locally (the local stack). */
export const jsonLogger: Logger = createLogger('enquiries')

export const silentLogger: Logger = () => {}

/**
 * The invocation's logger: every entry carries Lambda's request id, as Powertools' `appendKeys`
 * would add it, so no code below the handler passes it along by hand.
 */
export function withRequestId(log: Logger, context: { awsRequestId?: string } | undefined): Logger {
  const requestId = context?.awsRequestId
  return requestId === undefined ? log : (entry) => log({ ...entry, requestId })
}

/** An error's class name (e.g. `ConditionalCheckFailedException`): safe to log, unlike its text. */
export function errorName(error: unknown): string {
  if (error instanceof Error) return error.name
  return typeof error
}
