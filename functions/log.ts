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
  readonly attempts?: number
  readonly status?: number
  readonly errorName?: string
  readonly [count: `${string}Count`]: number | undefined
}

export interface Logger {
  (entry: LogEntry): void
  /**
   * The Powertools logger that writes the entries. A handler gives it each invocation's context
   * (`injectLambdaContext`, or `addContext` outside Middy), so every line carries Lambda's
   * request id (`function_request_id`), the cold start and the function's name, and no code
   * below the handler passes them along. None: the entries go elsewhere (a test's list).
   */
  readonly powertools?: PowertoolsLogger
}

/** A function's logger: the event is the message (and a field, for queries by name). */
export function createLogger(service: string): Logger {
  return loggerOver(new PowertoolsLogger({ serviceName: service }))
}

/** Our entries, written by a Powertools logger. */
export function loggerOver(powertools: PowertoolsLogger): Logger {
  return Object.assign(
    ({ level, ...fields }: LogEntry) => powertools[level](fields.event, fields),
    { powertools },
  )
}

/** The logger of whatever runs the functions locally (the local stack). */
export const jsonLogger: Logger = createLogger('enquiries')

export const silentLogger: Logger = () => {}

/** An error's class name (e.g. `ConditionalCheckFailedException`): safe to log, unlike its text. */
export function errorName(error: unknown): string {
  if (error instanceof Error) return error.name
  return typeof error
}
