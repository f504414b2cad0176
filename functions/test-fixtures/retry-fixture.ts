import { SendEmailCommand } from '@aws-sdk/client-ses'
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { buildEnquiry, type Enquiry } from '../enquiries/item.ts'
import type { LogEntry } from '../log.ts'
import { createRetryHandler } from '../notification-retry/create-handler.ts'
import { mockAwsClients, testDependencies, validSubmission } from './test-support.ts'

/**
 * The notification retry against mocked DynamoDB and SES at a fixed moment, shared by the retry's
 * test files (each file gets its own copy of these mocks: Vitest isolates test files).
 */
export const { dynamo, ses } = mockAwsClients()
export const now = new Date('2026-11-21T12:00:00.000Z')
export const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000)
/** What the retry logged since the last `resetRetryMocks()`. */
export const logs: LogEntry[] = []

export const retry = createRetryHandler(testDependencies(logs, now))

export function pending(
  id: string,
  createdMinutesAgo: number,
  extra: Partial<Enquiry> = {},
): Enquiry {
  return { ...buildEnquiry(validSubmission, id, minutesAgo(createdMinutesAgo)), ...extra }
}

/** The pending index lists these items, and each reads back whole. */
export function stored(...items: Enquiry[]) {
  dynamo.on(QueryCommand).resolves({
    Items: items.map(({ id, createdAt }) => ({ id, createdAt, emailPending: 'PENDING' })),
  })
  const byId = new Map(items.map((item) => [item.id, item]))
  dynamo.on(GetCommand).callsFake((input) => ({ Item: byId.get(input.Key.id) }))
}

export const updates = () => dynamo.commandCalls(UpdateCommand).map((call) => call.args[0].input)

/** SES accepts every e-mail and every update succeeds, with no log kept. */
export function resetRetryMocks() {
  logs.length = 0
  dynamo.reset()
  ses.reset()
  ses.on(SendEmailCommand).resolves({ MessageId: 'ses-1' })
  dynamo.on(UpdateCommand).resolves({ Attributes: { emailAttempts: 2 } })
}
