import { actionLinker } from '../enquiries/action-links.ts'
import type { FunctionDependencies } from '../lambda-dependencies.ts'
import { errorName, jsonLogger } from '../log.ts'
import { type ReminderOutcome, sendReminder } from './reminder.ts'
import { sendWeeklySummary } from './weekly.ts'

/** Every read and the send are over by then, inside the function's 60 s timeout. */
export const ANSWER_WATCH_BUDGET_MS = 45_000

/** Which job a schedule's event asks for: the reminder (every 15 minutes) or the weekly summary. */
export type AnswerWatchJob = 'remind' | 'weekly'

export type AnswerWatchDependencies = FunctionDependencies

/**
 * The function behind both schedules: `{ "job": "remind" }` every 15 minutes, `{ "job":
 * "weekly" }` each Monday morning. A failure throws, for the schedule's retries and the errors
 * alarm; a reminder repeated by a retry lists only what was not yet marked reminded.
 */
export function createAnswerWatchHandler(deps: AnswerWatchDependencies) {
  const log = deps.log ?? jsonLogger
  const { config } = deps
  const key = config.actionLinkKey
  const siteUrl = config.siteUrl
  if (!key || !siteUrl) {
    throw new Error(
      'The reminder and the weekly summary need ACTION_LINK_KEY and SITE_URL: their links are how staff act. The stack sets both: deploy again.',
    )
  }
  const common = {
    table: { client: deps.clients.documentClient, tableName: config.enquiriesTable },
    ses: deps.clients.ses,
    addresses: config,
    log,
    now: deps.now ?? (() => new Date()),
    links: (now: Date) => actionLinker({ key, stage: config.stage ?? 'local', siteUrl, now }),
  }
  return async (event?: { readonly job?: string }): Promise<ReminderOutcome | object> => {
    const job: AnswerWatchJob = event?.job === 'weekly' ? 'weekly' : 'remind'
    const signal = AbortSignal.timeout(ANSWER_WATCH_BUDGET_MS)
    try {
      if (job === 'weekly') {
        const { figures, messageId } = await sendWeeklySummary(
          { ...common, to: config.weeklySummaryTo },
          signal,
        )
        return { received: figures.received, messageId }
      }
      return await sendReminder(
        { ...common, afterHours: config.reminderAfterHours, metrics: deps.metrics },
        signal,
      )
    } catch (error) {
      log({ level: 'error', event: `answer_watch_${job}_failed`, errorName: errorName(error) })
      throw error
    } finally {
      deps.metrics?.publishStoredMetrics()
    }
  }
}
