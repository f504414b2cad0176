/**
 * Structured logs: one JSON object per line, which CloudWatch Logs Insights and metric filters
 * read by field. Entries carry ids, counts and error names only; the type admits nothing that
 * could hold a visitor's personal data (no free-form objects, no error messages from payloads).
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

export const jsonLogger: Logger = (entry) => {
  const line = JSON.stringify({ time: new Date().toISOString(), ...entry })
  if (entry.level === 'error') console.error(line)
  else if (entry.level === 'warn') console.warn(line)
  else console.log(line)
}

export const silentLogger: Logger = () => {}

/** An error's class name (e.g. `ConditionalCheckFailedException`): safe to log, unlike its text. */
export function errorName(error: unknown): string {
  if (error instanceof Error) return error.name
  return typeof error
}
