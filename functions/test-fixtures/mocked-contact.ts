import { SendEmailCommand } from '@aws-sdk/client-ses'
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { afterEach, beforeEach, expect } from 'vitest'
import { createContactHandler } from '../contact/create-handler.ts'
import { createSenderHandler } from '../enquiry-sender/create-handler.ts'
import { landedPuts, streamEventOf } from './stream-trigger.ts'
import {
  keptLinesLogger,
  type LogLine,
  mockAwsClients,
  personalValues,
  testContext,
  testDependencies,
} from './test-support.ts'

/**
 * The contact handler over mocked DynamoDB and SES clients, at a fixed time, with its log
 * entries kept, and the sender its write starts (as the table's stream does): what the contact
 * function's example-based tests drive.
 */
export const { dynamo, ses } = mockAwsClients()

export const now = new Date('2026-03-14T09:26:53.589Z')
export const key = '9b2f4c1e-3d5a-4e6b-8c7d-0e1f2a3b4c5d'
/** What the handlers logged, as CloudWatch holds it (each line with its request id). */
export const logs: LogLine[] = []
/** What both handlers are made with: the mocks, the fixed clock, the lines kept. */
export const dependencies = { ...testDependencies([], now), log: keptLinesLogger(logs) }

export const handler = createContactHandler(dependencies)

/** The sender the table's stream starts, on the same mocks. */
export const sender = createSenderHandler(dependencies)

/** One request, then the sender for each new pending enquiry its write stored. */
export const invoke = async (event: Parameters<typeof handler>[0]) => {
  const putsBefore = dynamo.commandCalls(PutCommand).length
  const result = await handler(event, testContext)
  const written = await landedPuts(dynamo.commandCalls(PutCommand).slice(putsBefore))
  const stream = streamEventOf(written)
  if (stream.Records.length > 0) await sender(stream, testContext)
  return { ...result, json: result.body ? JSON.parse(result.body) : undefined }
}

/** The last item a mocked put wrote under `id` (one that threw wrote nothing): what a consistent read gives back. */
async function lastPut(id: string) {
  return (await landedPuts(dynamo.commandCalls(PutCommand))).findLast((item) => item.id === id)
}

/** Every test starts with storage and SES answering well, and ends with no personal data logged. */
export function mockAwsPerTest() {
  beforeEach(() => {
    logs.length = 0
    dynamo.reset()
    ses.reset()
    dynamo.on(PutCommand).resolves({})
    dynamo
      .on(GetCommand)
      .callsFake(async (input: { Key: { id: string } }) => ({ Item: await lastPut(input.Key.id) }))
    dynamo.on(QueryCommand).resolves({ Items: [] })
    dynamo.on(UpdateCommand).resolves({ Attributes: { emailAttempts: 1 } })
    ses.on(SendEmailCommand).resolves({ MessageId: 'ses-message-1' })
  })

  afterEach(() => {
    // No log line, on any path, carries what the visitor typed.
    const text = JSON.stringify(logs)
    for (const value of personalValues) expect(text).not.toContain(value)
  })
}
