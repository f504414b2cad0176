import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb'
import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses'
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { mockClient } from 'aws-sdk-client-mock'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { EMAIL_SENDER_TAG, ENQUIRY_ID_TAG } from '../enquiries/delivery-tracking.ts'
import { buildEnquiry } from '../enquiries/item.ts'
import { notifyAgency } from '../enquiries/notify.ts'
import { createEnquiryStore } from '../enquiries/store.ts'
import type { LogEntry } from '../log.ts'
import { createMetrics } from '../metrics.ts'
import {
  personalValues,
  testClients,
  testConfig,
  validSubmission,
} from '../test-fixtures/test-support.ts'
import { createDeliveryEventsHandler } from './create-handler.ts'
import { deliveryUpdateOf, replaceableBy } from './delivery.ts'
import { sampleSesEvent, snsEventOf } from './sample-events.ts'
import { parseSesEvent } from './ses-event.ts'

const enquiryId = '3f9a1c2b-0000-4000-8000-000000000001'
const at = new Date('2026-11-21T12:00:00.000Z')
const clients = testClients()
const dynamo = mockClient(DynamoDBDocumentClient)
const ses = mockClient(SESClient)

const parsed = (record: unknown) => {
  const event = parseSesEvent(JSON.stringify(record))
  expect(event).toBeDefined()
  return event as NonNullable<typeof event>
}

describe('SES events (as AWS documents them) to enquiry statuses', () => {
  it('reads the enquiry from the message tag and the time and reason from the event', () => {
    expect(deliveryUpdateOf(parsed(sampleSesEvent('Bounce', { enquiryId, at })))).toEqual({
      enquiryId,
      status: 'bounced',
      at: at.toISOString(),
      detail: 'Permanent/General',
      messageId: '0102019a1b2c3d4e-5f6a7b8c-9d0e-4f1a-8b2c-3d4e5f6a7b8c-000000',
    })
    expect(deliveryUpdateOf(parsed(sampleSesEvent('Complaint', { enquiryId, at })))).toMatchObject({
      enquiryId,
      status: 'complained',
      at: at.toISOString(),
      detail: 'abuse',
    })
    expect(deliveryUpdateOf(parsed(sampleSesEvent('Delivery', { enquiryId, at })))).toMatchObject({
      enquiryId,
      status: 'delivered',
      at: at.toISOString(),
    })
    // A reject happens as SES takes the message, so it carries the mail's own time.
    expect(deliveryUpdateOf(parsed(sampleSesEvent('Reject', { enquiryId, at })))).toMatchObject({
      enquiryId,
      status: 'rejected',
      at: new Date(at.getTime() - 60_000).toISOString(),
      detail: 'Bad content',
    })
  })

  it('also reads identity notifications (notificationType) and keeps no address in the detail', () => {
    const { eventType: _, ...bounce } = sampleSesEvent('Bounce', {
      enquiryId,
      at,
      bounceType: 'Transient',
      bounceSubType: 'MailboxFull',
    })
    const update = deliveryUpdateOf(parsed({ notificationType: 'Bounce', ...bounce }))
    expect(update).toMatchObject({ status: 'bounced', detail: 'Transient/MailboxFull' })
    expect(JSON.stringify(update)).not.toContain('@')
  })

  it('changes no status for a delivery delay (SES is still trying)', () => {
    expect(deliveryUpdateOf(parsed(sampleSesEvent('DeliveryDelay', { enquiryId })))).toBeUndefined()
  })

  it('skips what is not an SES event', () => {
    expect(parseSesEvent('not json')).toBeUndefined()
    expect(parseSesEvent(JSON.stringify({ Type: 'SubscriptionConfirmation' }))).toBeUndefined()
  })

  it('lets a problem replace a delivery, never the reverse, and never itself', () => {
    expect(replaceableBy('bounced')).toContain('delivered')
    expect(replaceableBy('complained')).toContain('delivered')
    for (const problem of ['bounced', 'complained', 'rejected'] as const) {
      expect(replaceableBy('delivered')).not.toContain(problem)
      expect(replaceableBy(problem)).not.toContain(problem)
    }
    expect(replaceableBy('delivered')).not.toContain('delivered')
    expect(replaceableBy('bounced')).not.toContain('held')
  })
})

describe('sending with delivery tracking', () => {
  beforeEach(() => {
    ses.reset()
    dynamo.reset()
    ses.on(SendEmailCommand).resolves({ MessageId: 'ses-1' })
    dynamo.on(UpdateCommand).resolves({})
  })

  const notify = (configurationSet: string | undefined) =>
    notifyAgency(
      {
        ses: clients.ses,
        store: createEnquiryStore(clients.documentClient, testConfig.enquiriesTable),
        addresses: { ...testConfig, sesConfigurationSet: configurationSet },
        log: () => {},
        now: () => at,
        sentBy: 'retry',
      },
      buildEnquiry(validSubmission, enquiryId, at),
    )

  it('sends through the configuration set, tagging the e-mail with its enquiry id and sender', async () => {
    await notify('DeliveryEvents-1')
    expect(ses.commandCalls(SendEmailCommand)[0]?.args[0].input).toMatchObject({
      ConfigurationSetName: 'DeliveryEvents-1',
      Tags: [
        { Name: ENQUIRY_ID_TAG, Value: enquiryId },
        { Name: EMAIL_SENDER_TAG, Value: 'retry' },
      ],
    })
  })

  it('sends plainly where no configuration set is configured (the local stack)', async () => {
    await notify(undefined)
    const input = ses.commandCalls(SendEmailCommand)[0]?.args[0].input
    expect(input).not.toHaveProperty('ConfigurationSetName')
    expect(input).not.toHaveProperty('Tags')
  })
})

describe('the delivery-events handler', () => {
  let logs: LogEntry[]
  let stdout: string[]
  const metrics = createMetrics('delivery-events', { stage: 'test-stage' })
  const handler = createDeliveryEventsHandler({
    documentClient: clients.documentClient,
    tableName: testConfig.enquiriesTable,
    metrics,
    log: (entry) => logs.push(entry),
  })
  const run = (...records: unknown[]) =>
    handler(snsEventOf(...records), {} as Parameters<typeof handler>[1])
  const emitted = () =>
    stdout
      .filter((line) => line.includes('_aws'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)

  beforeEach(() => {
    logs = []
    stdout = []
    dynamo.reset()
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      stdout.push(String(chunk))
      return true
    })
  })
  afterEach(() => vi.restoreAllMocks())

  it('records a bounce on its enquiry and moves the EnquiryBounced metric once', async () => {
    dynamo.on(UpdateCommand).resolves({})
    const results = await run(sampleSesEvent('Bounce', { enquiryId, at }))

    expect(results).toEqual([
      { eventType: 'Bounce', enquiryId, status: 'bounced', outcome: 'recorded' },
    ])
    const [update] = dynamo.commandCalls(UpdateCommand)
    expect(update?.args[0].input).toMatchObject({
      Key: { id: enquiryId },
      UpdateExpression:
        'SET #status = :status, #statusAt = :at, #detail = :detail, #attention = :status REMOVE #pending',
      ExpressionAttributeValues: { ':status': 'bounced', ':at': at.toISOString() },
    })
    expect(update?.args[0].input.ConditionExpression).toMatch(
      /^attribute_exists\(#id\) AND #status IN/,
    )
    const [line] = emitted()
    expect(line).toMatchObject({
      EnquiryBounced: 1,
      service: 'delivery-events',
      stage: 'test-stage',
    })
    expect(line?._aws).toMatchObject({
      CloudWatchMetrics: [
        {
          Namespace: 'ElevateDigital/Enquiries',
          Dimensions: [expect.arrayContaining(['service', 'stage'])],
          Metrics: [{ Name: 'EnquiryBounced', Unit: 'Count' }],
        },
      ],
    })
    expect(logs).toEqual([{ level: 'error', event: 'enquiry_email_bounced', enquiryId }])
  })

  it('moves no metric for a repeated event, and says so', async () => {
    dynamo
      .on(UpdateCommand)
      .rejects(new ConditionalCheckFailedException({ message: 'failed', $metadata: {} }))
    dynamo.on(GetCommand).resolves({ Item: { emailStatus: 'bounced' } })
    const results = await run(sampleSesEvent('Bounce', { enquiryId, at }))
    expect(results[0]?.outcome).toBe('duplicate')
    expect(emitted()).toEqual([])
    expect(logs[0]?.event).toBe('enquiry_email_bounced_duplicate')
  })

  it('still pages ops for a bounce whose enquiry it cannot find', async () => {
    const results = await run(sampleSesEvent('Complaint', { at }))
    expect(results[0]).toMatchObject({ status: 'complained', outcome: 'unknown-enquiry' })
    expect(dynamo.calls()).toHaveLength(0)
    expect(emitted()[0]).toMatchObject({ EnquiryComplained: 1 })
  })

  it('skips a delay and an unreadable message without failing the batch', async () => {
    dynamo.on(UpdateCommand).resolves({})
    const results = await run(
      sampleSesEvent('DeliveryDelay', { enquiryId }),
      'garbage',
      sampleSesEvent('Delivery', { enquiryId, at }),
    )
    expect(results.map((result) => result.outcome)).toEqual(['ignored', 'unreadable', 'recorded'])
    expect(emitted()[0]).toMatchObject({ EnquiryDelivered: 1 })
  })

  it('fails the invocation when the table does not answer, so SNS retries it', async () => {
    dynamo.on(UpdateCommand).rejects(new Error('timeout'))
    await expect(run(sampleSesEvent('Bounce', { enquiryId, at }))).rejects.toThrow('timeout')
  })

  it('logs no personal data', async () => {
    dynamo.on(UpdateCommand).resolves({})
    await run(sampleSesEvent('Bounce', { enquiryId, at }))
    const logged = JSON.stringify(logs) + stdout.join('')
    for (const value of personalValues) expect(logged).not.toContain(value)
    expect(logged).not.toContain('@')
  })
})
