import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb'
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { mockClient } from 'aws-sdk-client-mock'
import { beforeEach, describe, expect, it } from 'vitest'
import type { LogEntry } from '../log.ts'
import { createMetrics } from '../metrics.ts'
import { testClients, testConfig } from '../test-fixtures/test-support.ts'
import { createDeliveryEventsHandler } from './create-handler.ts'
import { sampleSesEvent, snsEventOf } from './sample-events.ts'

const enquiryId = '3f9a1c2b-0000-4000-8000-000000000002'
const at = new Date('2026-11-21T12:00:00.000Z')
const dynamo = mockClient(DynamoDBDocumentClient)
const logs: LogEntry[] = []
const handler = createDeliveryEventsHandler({
  documentClient: testClients().documentClient,
  tableName: testConfig.enquiriesTable,
  metrics: createMetrics('delivery-events', { stage: 'test' }),
  log: (entry) => logs.push(entry),
})
const sendEvent = (sentBy?: 'sender' | 'retry') =>
  handler(
    snsEventOf(sampleSesEvent('Send', { enquiryId, at, messageId: 'ses-7', sentBy })),
    {} as never,
  )

beforeEach(() => {
  logs.length = 0
  dynamo.reset()
  dynamo.on(UpdateCommand).resolves({})
})

describe('SES’s Send event: SES took the message, whatever its sender recorded', () => {
  it('records the send on a pending enquiry: sent, by whom, out of the retry’s queue, its claim released', async () => {
    expect(await sendEvent('sender')).toEqual([
      { eventType: 'Send', enquiryId, outcome: 'recorded' },
    ])
    const update = dynamo.commandCalls(UpdateCommand)[0]?.args[0].input
    expect(update).toMatchObject({
      Key: { id: enquiryId },
      ConditionExpression: 'attribute_exists(#id) AND #status = :pending',
      ExpressionAttributeValues: {
        ':sent': 'sent',
        ':at': at.toISOString(),
        ':messageId': 'ses-7',
        ':sentBy': 'sender',
      },
    })
    expect(update?.UpdateExpression).toContain('REMOVE #pending, #claimedUntil')
    expect(logs).toContainEqual(
      expect.objectContaining({ event: 'enquiry_email_accepted', enquiryId }),
    )
  })

  it('changes nothing once the send is recorded (or the enquiry erased), and never throws for it', async () => {
    dynamo
      .on(UpdateCommand)
      .rejects(new ConditionalCheckFailedException({ message: 'not pending', $metadata: {} }))
    expect(await sendEvent('retry')).toEqual([
      { eventType: 'Send', enquiryId, outcome: 'already-recorded' },
    ])
  })

  it('leaves who sent it unsaid when the e-mail carried no sender tag', async () => {
    await sendEvent()
    const update = dynamo.commandCalls(UpdateCommand)[0]?.args[0].input
    expect(update?.ExpressionAttributeValues).not.toHaveProperty(':sentBy')
  })
})
