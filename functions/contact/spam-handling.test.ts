import { SendEmailCommand } from '@aws-sdk/client-ses'
import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { describe, expect, it } from 'vitest'
import { dynamo, invoke, logs, mockAwsPerTest, now, ses } from '../test-fixtures/mocked-contact.ts'
import { jsonEvent, validSubmission } from '../test-fixtures/test-support.ts'

mockAwsPerTest()

describe('honeypot', () => {
  it('stores a filled-in honeypot as certain spam, held back from the inbox, with the usual 201', async () => {
    const response = await invoke(
      jsonEvent({ ...validSubmission, website: 'https://spam.example' }),
    )
    expect(response.statusCode).toBe(201)
    expect(response.json).toEqual({
      message: expect.stringContaining('within 24 hours'),
      id: expect.stringMatching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      ),
      createdAt: now.toISOString(),
    })
    const item = dynamo.commandCalls(PutCommand)[0]?.args[0].input.Item
    expect(item).toMatchObject({
      ...validSubmission,
      id: response.json.id,
      emailStatus: 'held',
      attention: 'held',
      spamLevel: 'certain',
      spamReasons: ['The hidden field only bots can see was filled in'],
    })
    expect(item).not.toHaveProperty('emailPending')
    expect(item).not.toHaveProperty('website')
    expect(ses.calls()).toHaveLength(0)
    expect(logs.map((entry) => entry.event)).toEqual(['enquiry_stored', 'enquiry_held_as_spam'])
  })

  it('answers a filled-in honeypot on an invalid post with a plausible 201, keeping nothing', async () => {
    const response = await invoke(jsonEvent({ website: 'https://spam.example', message: 'x' }))
    expect(response.statusCode).toBe(201)
    expect(response.json).toEqual({
      message: expect.stringContaining('within 24 hours'),
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      createdAt: now.toISOString(),
    })
    expect(dynamo.calls()).toHaveLength(0)
    expect(ses.calls()).toHaveLength(0)
    expect(logs.map((entry) => entry.event)).toEqual(['enquiry_honeypot_dropped'])
  })

  it('gives likely spam the same answer as any enquiry, and e-mails it marked', async () => {
    const clean = await invoke(jsonEvent(validSubmission))
    const spam = await invoke(
      jsonEvent({
        ...validSubmission,
        message: 'Hi, I noticed your website is not ranking. We guarantee first page ranking.',
      }),
    )
    expect(spam.statusCode).toBe(clean.statusCode)
    expect(Object.keys(spam.json)).toEqual(Object.keys(clean.json))
    expect(spam.json.message).toBe(clean.json.message)
    expect(dynamo.commandCalls(PutCommand)[1]?.args[0].input.Item).toMatchObject({
      spamLevel: 'likely',
      emailStatus: 'pending',
    })
    const subjects = ses
      .commandCalls(SendEmailCommand)
      .map((call) => call.args[0].input.Message?.Subject?.Data)
    expect(subjects[0]).not.toMatch(/^\[Likely spam\]/)
    expect(subjects[1]).toMatch(/^\[Likely spam\] New enquiry from Ada Lovelace/)
  })

  it('lets an empty honeypot through', async () => {
    const response = await invoke(jsonEvent({ ...validSubmission, website: '' }))
    expect(response.statusCode).toBe(201)
    expect(dynamo.commandCalls(PutCommand)).toHaveLength(1)
  })
})

describe('the same message from other addresses', () => {
  /** The values of the sender's update of the verdict (repeats counted in), if it made one. */
  const verdictUpdate = () =>
    dynamo
      .commandCalls(UpdateCommand)
      .map((call) => call.args[0].input)
      .find((input) => input.UpdateExpression?.includes('#level = :level'))
      ?.ExpressionAttributeValues
  const sameMessage = (sender: string) => ({
    messageHash: 'h',
    messageSender: `${new Date(now.getTime() - 3600_000).toISOString()}#${sender}`,
  })

  it('counts other senders of the message within a day through the by-message index', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [sameMessage('other-1'), sameMessage('other-2')] })
    const response = await invoke(jsonEvent(validSubmission))
    expect(response.statusCode).toBe(201)

    const [query] = dynamo.commandCalls(QueryCommand)
    expect(query?.args[0].input).toMatchObject({
      IndexName: 'by-message',
      KeyConditionExpression: '#hash = :hash AND #sender >= :since',
      ExpressionAttributeValues: {
        ':since': new Date(now.getTime() - 24 * 3600_000).toISOString(),
      },
    })
    const item = dynamo.commandCalls(PutCommand)[0]?.args[0].input.Item
    expect(item?.messageHash).toBe(query?.args[0].input.ExpressionAttributeValues?.[':hash'])
    // Stored as its sender wrote it; the sender the write started raises it before e-mailing.
    expect(item).toMatchObject({ spamLevel: 'genuine' })
    expect(verdictUpdate()).toMatchObject({
      ':level': 'likely',
      ':reasons': ['The same message came from 2 other addresses within a day'],
    })
    expect(ses.commandCalls(SendEmailCommand)[0]?.args[0].input.Message?.Subject?.Data).toMatch(
      /^\[Likely spam\]/,
    )
  })

  it('never holds back a likely enquiry because others posted its text: it is e-mailed, marked', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [sameMessage('other-1'), sameMessage('other-2')] })
    const response = await invoke(
      jsonEvent({
        ...validSubmission,
        message:
          'Our site https://lovelace-bakery.co.uk is not ranking. Can we book a quick call about SEO?',
      }),
    )
    expect(response.statusCode).toBe(201)
    const item = dynamo.commandCalls(PutCommand)[0]?.args[0].input.Item
    expect(item).toMatchObject({ spamLevel: 'likely', emailStatus: 'pending' })
    expect(verdictUpdate()).toMatchObject({ ':level': 'likely' })
    expect(verdictUpdate()?.[':score']).toBeGreaterThanOrEqual(13)
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(1)
  })

  it('does not hold up the enquiry when the lookup fails: the signal is lost, not the enquiry', async () => {
    dynamo.on(QueryCommand).rejects(new Error('throttled'))
    const response = await invoke(jsonEvent(validSubmission))
    expect(response.statusCode).toBe(201)
    expect(dynamo.commandCalls(PutCommand)[0]?.args[0].input.Item).toMatchObject({
      spamLevel: 'genuine',
    })
    expect(logs.map((entry) => entry.event)).toContain('spam_repeat_lookup_failed')
  })
})
