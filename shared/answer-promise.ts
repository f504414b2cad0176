/**
 * The site's promise to every enquirer, "We'll get back to you within 24 hours", as the
 * functions that watch it and the stack that schedules them name it.
 */
export const answerPromise = {
  /** How long the site promises an answer takes. */
  hours: 24,
  /** When the reminder lists an unanswered enquiry, unless a stage says otherwise. */
  reminderAfterHours: 20,
  /** How often the reminder looks. */
  reminderEveryMinutes: 15,
  /** When the weekly summary goes, in the agency's own time zone: Monday 08:00. */
  weeklySummaryCron: 'cron(0 8 ? * MON *)',
} as const
