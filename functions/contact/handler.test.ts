import { SendEmailCommand } from '@aws-sdk/client-ses'
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { describe, expect, it, vi } from 'vitest'
import { contactMessages } from '#shared/contact.ts'
import { enquiryRef } from '#shared/enquiry-table.ts'
import { originSecret } from '#shared/origin-secret.ts'
import {
  dynamo,
  handler,
  invoke,
  logs,
  mockAwsPerTest,
  now,
  ses,
} from '../test-fixtures/mocked-contact.ts'
import {
  awsError,
  httpEvent,
  jsonEvent,
  testConfig,
  testContext,
  validSubmission,
} from '../test-fixtures/test-support.ts'
import { responseMessages } from './responses.ts'

mockAwsPerTest()

describe('POST /api/contacts', () => {
  it('stores the enquiry once and answers 201, sending no e-mail itself', async () => {
    const raw = await handler(jsonEvent({ ...validSubmission, unknown: 'dropped' }), testContext)
    const response = { ...raw, json: JSON.parse(raw.body ?? '{}') }

    expect(response.statusCode).toBe(201)
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.json).toEqual({
      message: expect.stringContaining('within 24 hours'),
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      createdAt: now.toISOString(),
    })

    const [put] = dynamo.commandCalls(PutCommand)
    expect(put?.args[0].input).toMatchObject({
      TableName: testConfig.enquiriesTable,
      ConditionExpression: 'attribute_not_exists(#id)',
      Item: {
        ...validSubmission,
        id: response.json.id,
        emailNormalised: 'ada@example.co.uk',
        createdAt: now.toISOString(),
        expiresAt: Date.parse('2029-03-14T09:26:53Z') / 1000,
        emailPending: 'PENDING',
        emailStatus: 'pending',
        emailAttempts: 0,
      },
    })
    expect(put?.args[0].input.Item).not.toHaveProperty('unknown')

    // The e-mail is the stream-started sender's (next test): the visitor never waits for SES.
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0)
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0)
    expect(logs.map((entry) => entry.event)).toEqual(['enquiry_stored'])
  })

  it('is followed by the sender its write starts: it e-mails the agency and marks it sent', async () => {
    const response = await invoke(jsonEvent(validSubmission))
    expect(response.statusCode).toBe(201)

    const [send] = ses.commandCalls(SendEmailCommand)
    expect(send?.args[0].input).toMatchObject({
      Source: testConfig.senderEmail,
      Destination: { ToAddresses: [testConfig.agencyEmail] },
      ReplyToAddresses: [validSubmission.email],
    })
    expect(send?.args[0].input.Message?.Subject?.Data).toContain(
      `(ref ${enquiryRef(response.json.id)})`,
    )
    expect(send?.args[0].input.Message?.Body?.Text?.Data).toContain(response.json.id)

    // The sender the write started claims the e-mail, sends it, then records it sent.
    const [claim, update] = dynamo.commandCalls(UpdateCommand)
    expect(claim?.args[0].input.UpdateExpression).toBe('SET #claimedUntil = :until')
    expect(update?.args[0].input.UpdateExpression).toMatch(
      /^REMOVE #pending, #claimedUntil SET #status = :sent/,
    )
    expect(update?.args[0].input.ExpressionAttributeValues).toMatchObject({
      ':sent': 'sent',
      ':at': now.toISOString(),
      ':messageId': 'ses-message-1',
    })
    expect(logs.map((entry) => entry.event)).toEqual(['enquiry_stored', 'enquiry_email_sent'])
    expect(logs[0]).toMatchObject({
      enquiryId: response.json.id,
      function_request_id: 'aws-request-1',
    })
  })

  it('stores before it e-mails', async () => {
    const order: string[] = []
    dynamo.on(PutCommand).callsFake(() => order.push('put'))
    ses.on(SendEmailCommand).callsFake(() => {
      order.push('send')
      return { MessageId: 'm' }
    })
    await invoke(jsonEvent(validSubmission))
    expect(order).toEqual(['put', 'send'])
  })

  it('still answers 201 when SES fails, leaving the enquiry pending for the retry', async () => {
    ses.on(SendEmailCommand).rejects(awsError('ServiceUnavailable', 'SES is down'))

    const response = await invoke(jsonEvent(validSubmission))

    expect(response.statusCode).toBe(201)
    const updates = dynamo
      .commandCalls(UpdateCommand)
      .map((call) => call.args[0].input)
      .filter((input) => input.UpdateExpression !== 'SET #claimedUntil = :until')
    expect(updates).toHaveLength(1)
    expect(updates[0]?.UpdateExpression).toBe(
      'REMOVE #claimedUntil SET #lastAttemptAt = :at ADD #attempts :one',
    )
    expect(updates[0]?.UpdateExpression).not.toContain('#pending')
    expect(logs).toContainEqual(
      expect.objectContaining({
        event: 'enquiry_email_failed',
        errorName: 'ServiceUnavailable',
        attempts: 1,
      }),
    )
  })

  it('gives every AWS call a deadline: the put by 6 s, the sender’s read, claim, send and record each their own', async () => {
    const signals: (AbortSignal | undefined)[] = []
    const started = Date.now()
    await invoke(jsonEvent(validSubmission))
    for (const call of [...dynamo.calls(), ...ses.commandCalls(SendEmailCommand)]) {
      const options = (call.args as unknown[])[1] as { abortSignal?: AbortSignal } | undefined
      signals.push(options?.abortSignal)
    }
    // The put; the sender's get, repeat lookup, claim, send and record.
    expect(signals).toHaveLength(6)
    for (const signal of signals) {
      expect(signal).toBeInstanceOf(AbortSignal)
      expect(signal?.aborted).toBe(false)
    }
    expect(Date.now() - started).toBeLessThan(1_000)
  })

  it('answers 504, never 500, when storage runs out of time and its write is not found', async () => {
    dynamo.on(PutCommand).rejects(awsError('AbortError', 'Request aborted'))
    const response = await invoke(jsonEvent(validSubmission))
    // The write was cut off, not refused: it may land yet, so "not saved" would not be true.
    expect(response.statusCode).toBe(504)
    expect(dynamo.commandCalls(GetCommand)).toHaveLength(1)
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0)
  })

  it('answers 201 when SES runs out of time, leaving the enquiry pending', async () => {
    ses.on(SendEmailCommand).rejects(awsError('AbortError', 'Request aborted'))
    const response = await invoke(jsonEvent(validSubmission))
    expect(response.statusCode).toBe(201)
    const [update] = dynamo.commandCalls(UpdateCommand)
    expect(update?.args[0].input.UpdateExpression).not.toContain('REMOVE #pending')
  })

  it('answers 503 when storage fails, and e-mails nothing', async () => {
    dynamo.on(PutCommand).rejects(awsError('ResourceNotFoundException', 'no table'))

    const response = await invoke(jsonEvent(validSubmission))

    expect(response.statusCode).toBe(503)
    expect(response.headers['retry-after']).toBe('60')
    expect(response.json.message).toMatch(/could not save your message/)
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0)
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0)
    expect(logs).toContainEqual(
      expect.objectContaining({
        level: 'ERROR',
        event: 'enquiry_store_failed',
        errorName: 'ResourceNotFoundException',
      }),
    )
  })

  it('answers 400 with every invalid field and its message, storing nothing', async () => {
    const response = await invoke(
      jsonEvent({ ...validSubmission, firstName: '  ', email: 'not-an-email', message: 'short' }),
    )

    expect(response.statusCode).toBe(400)
    expect(response.json).toEqual({
      message: `Please check your details: ${contactMessages.firstName}; ${contactMessages.email}; ${contactMessages.message}`,
      errors: {
        firstName: contactMessages.firstName,
        email: contactMessages.email,
        message: contactMessages.message,
      },
    })
    expect(dynamo.calls()).toHaveLength(0)
    expect(ses.calls()).toHaveLength(0)
  })

  it('answers 400 naming every field when the body is JSON but not an object', async () => {
    const response = await invoke(httpEvent({ body: '["Ada"]' }))
    expect(response.statusCode).toBe(400)
    expect(Object.keys(response.json.errors)).toHaveLength(7)
    expect(dynamo.calls()).toHaveLength(0)
  })

  it('answers 413 for a body over 16 KB, before reading it', async () => {
    const response = await invoke(jsonEvent({ ...validSubmission, message: 'x'.repeat(16 * 1024) }))
    expect(response.statusCode).toBe(413)
    expect(response.json.message).toMatch(/too large/)
    expect(dynamo.calls()).toHaveLength(0)
  })

  it('measures a base64-encoded body by its decoded size', async () => {
    const body = JSON.stringify({ ...validSubmission, message: 'x'.repeat(12 * 1024) })
    const response = await invoke(
      httpEvent({ body: Buffer.from(body).toString('base64'), isBase64Encoded: true }),
    )
    // 12 KB of message is within the limit (its base64 form is not) and over the field's maximum.
    expect(response.statusCode).toBe(400)
    expect(response.json.errors).toEqual({ message: 'Message must be at most 5000 characters' })
  })

  it.each([
    ['text/plain', 'text/plain'],
    ['a form post', 'application/x-www-form-urlencoded'],
    ['no content type', undefined],
  ])('answers 415 for %s', async (_label, contentType) => {
    const response = await invoke(
      httpEvent({
        headers: contentType ? { 'content-type': contentType } : {},
        body: JSON.stringify(validSubmission),
      }),
    )
    expect(response.statusCode).toBe(415)
    expect(response.json.message).toBe(
      'Please send the enquiry as JSON (Content-Type: application/json).',
    )
  })

  it('accepts a JSON content type with parameters, in any case', async () => {
    const response = await invoke(
      httpEvent({
        headers: { 'Content-Type': 'Application/JSON; charset=UTF-8' },
        body: JSON.stringify(validSubmission),
      }),
    )
    expect(response.statusCode).toBe(201)
  })

  // Found by hostile-input.test.ts: the body parser judged the content type again by a narrower
  // rule than the handler's and, disagreeing, passed the body on unparsed (400, every field).
  it.each([
    ['a space before its parameters', 'content-type', 'application/json ; charset=utf-8'],
    ['an upper-case header name', 'CONTENT-TYPE', 'application/json'],
  ])('parses a JSON body whose content type has %s', async (_label, name, value) => {
    const response = await invoke(
      httpEvent({ headers: { [name]: value }, body: JSON.stringify(validSubmission) }),
    )
    expect(response.statusCode).toBe(201)
  })

  // Found by hostile-input.test.ts: JSON may carry a lone surrogate (\ud800), which SES's
  // request encoding cannot, so the enquiry was stored but its e-mail failed every attempt.
  it('stores and e-mails a lone UTF-16 surrogate as U+FFFD', async () => {
    const body = JSON.stringify(validSubmission).replace('"Ada"', '"Ada\\ud800"')
    const response = await invoke(httpEvent({ body }))
    expect(response.statusCode).toBe(201)
    const [put] = dynamo.commandCalls(PutCommand)
    expect(put?.args[0].input.Item?.firstName).toBe('Ada\ufffd')
    const [send] = ses.commandCalls(SendEmailCommand)
    const subject = send?.args[0].input.Message?.Subject?.Data ?? ''
    expect(subject).toContain('Ada\ufffd Lovelace')
    expect(() => encodeURIComponent(subject)).not.toThrow()
  })

  it('refuses a base64 JSON body whose bytes are not UTF-8, storing nothing', async () => {
    const bytes = Buffer.from(JSON.stringify({ ...validSubmission, firstName: 'Zoë' }), 'latin1')
    const response = await invoke(
      httpEvent({ body: bytes.toString('base64'), isBase64Encoded: true }),
    )
    expect(response.statusCode).toBe(400)
    expect(response.json.message).toBe(responseMessages.invalidUtf8)
    expect(dynamo.calls()).toHaveLength(0)
  })

  it.each([
    ['malformed JSON', '{"firstName": "Ada",'],
    ['an empty body', undefined],
    ['a prototype-polluting key', '{"__proto__": {"admin": true}}'],
  ])('answers 422 with a clear message for %s', async (_label, body) => {
    const response = await invoke(httpEvent({ body }))
    expect(response.statusCode).toBe(422)
    expect(response.json.message).toBe(
      'The enquiry could not be read: the request body is not valid JSON.',
    )
    expect(dynamo.calls()).toHaveLength(0)
  })

  it.each(['GET', 'PUT', 'DELETE', 'OPTIONS'])(
    'answers 405 with Allow: POST to %s',
    async (method) => {
      const response = await invoke(httpEvent({ method }))
      expect(response.statusCode).toBe(405)
      expect(response.headers.allow).toBe('POST')
      expect(response.json.message).toBe('Enquiries can only be sent with POST.')
    },
  )

  it('answers 404 for a path it does not serve', async () => {
    const response = await invoke(httpEvent({ path: '/api/contacts/1' }))
    expect(response.statusCode).toBe(404)
    expect(response.json.message).toMatch(/POST \/api\/contacts/)
  })

  it('answers 500 with a message (and logs the error class) when something unexpected breaks', async () => {
    const broken = { ...jsonEvent(validSubmission), requestContext: undefined } as never
    const response = await invoke(broken)
    expect(response.statusCode).toBe(500)
    expect(response.json.message).toMatch(/something went wrong/)
    expect(logs).toContainEqual(
      expect.objectContaining({
        level: 'ERROR',
        event: 'contact_request_failed',
        errorName: 'TypeError',
      }),
    )
  })
})

describe('the deployed handler module', () => {
  it('fails its cold start when the origin secret is empty, naming the variable', async () => {
    vi.stubEnv('ENQUIRIES_TABLE', 'enquiries-from-env')
    vi.stubEnv('SENDER_EMAIL', testConfig.senderEmail)
    vi.stubEnv('AGENCY_EMAIL', testConfig.agencyEmail)
    vi.stubEnv('AWS_REGION', 'eu-west-2')
    vi.stubEnv(originSecret.env, '')
    vi.resetModules()
    try {
      await expect(import('./handler.ts')).rejects.toThrow(/^ORIGIN_SECRET is empty/)
    } finally {
      vi.unstubAllEnvs()
      vi.resetModules()
    }
  })

  it('reads its configuration from the environment at load time', async () => {
    vi.stubEnv('ENQUIRIES_TABLE', 'enquiries-from-env')
    vi.stubEnv('SENDER_EMAIL', testConfig.senderEmail)
    vi.stubEnv('AGENCY_EMAIL', testConfig.agencyEmail)
    vi.stubEnv('AWS_REGION', 'eu-west-2')
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'test')
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'test')
    vi.stubEnv(originSecret.env, 'secret-from-env')
    vi.spyOn(console, 'log').mockImplementation(() => {})
    try {
      const { handler: deployed } = await import('./handler.ts')
      const response = await deployed(
        jsonEvent(validSubmission, { [originSecret.header]: 'secret-from-env' }),
        testContext,
      )
      expect(response.statusCode).toBe(201)
      expect(dynamo.commandCalls(PutCommand)[0]?.args[0].input.TableName).toBe('enquiries-from-env')
    } finally {
      vi.unstubAllEnvs()
      vi.restoreAllMocks()
    }
  })
})
