import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb'
import { SendEmailCommand } from '@aws-sdk/client-ses'
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { describe, expect, it } from 'vitest'
import { buildEnquiry, type Enquiry, enquiryIdFor } from '../enquiries/item.ts'
import {
  dynamo,
  invoke,
  key,
  logs,
  mockAwsPerTest,
  now,
  ses,
} from '../test-fixtures/mocked-contact.ts'
import { landedPuts } from '../test-fixtures/stream-trigger.ts'
import { jsonEvent, validSubmission } from '../test-fixtures/test-support.ts'

mockAwsPerTest()

/**
 * A submission under `key` whose item is already stored (the put finds it): the read-back then
 * gives `original`, or fails with an error.
 */
async function retryOver(original: Enquiry | Error) {
  dynamo
    .on(PutCommand)
    .rejects(new ConditionalCheckFailedException({ message: 'exists', $metadata: {} }))
  if (original instanceof Error) dynamo.on(GetCommand).rejects(original)
  else dynamo.on(GetCommand).resolves({ Item: original })
  return invoke(jsonEvent(validSubmission, { 'Idempotency-Key': key }))
}

describe('idempotency', () => {
  it('derives the id from the Idempotency-Key, so every retry targets the same item', async () => {
    const first = await invoke(jsonEvent(validSubmission, { 'Idempotency-Key': key }))
    const again = await invoke(jsonEvent(validSubmission, { 'idempotency-key': key.toUpperCase() }))
    expect(first.json.id).toBe(enquiryIdFor(key))
    expect(again.json.id).toBe(first.json.id)
  })

  it('answers a retry of a stored submission with the original id and time, writing and sending nothing new', async () => {
    const original = buildEnquiry(
      validSubmission,
      enquiryIdFor(key),
      new Date('2026-03-14T09:25:00.000Z'),
    )
    const response = await retryOver(original)

    expect(response.statusCode).toBe(201)
    expect(response.json).toMatchObject({ id: original.id, createdAt: original.createdAt })
    expect(dynamo.commandCalls(GetCommand)[0]?.args[0].input).toMatchObject({
      Key: { id: original.id },
      ConsistentRead: true,
    })
    expect(ses.calls()).toHaveLength(0)
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0)
  })

  it('refuses (422) a key already used for different details, revealing nothing about them', async () => {
    const original = buildEnquiry(
      { ...validSubmission, message: 'A different message entirely.' },
      enquiryIdFor(key),
      now,
    )
    const response = await retryOver(original)

    expect(response.statusCode).toBe(422)
    expect(response.json).toEqual({ message: expect.stringMatching(/different details/) })
    expect(ses.calls()).toHaveLength(0)
  })

  it('answers 504, the outcome unknown, when the stored original cannot be read back', async () => {
    const response = await retryOver(new Error('timeout'))
    expect(response.statusCode).toBe(504)
    expect(response.json.message).toMatch(/could not confirm.*send it again.*only once/)
  })

  it('refuses a malformed key with 400', async () => {
    const response = await invoke(jsonEvent(validSubmission, { 'Idempotency-Key': 'not a uuid' }))
    expect(response.statusCode).toBe(400)
    expect(response.json.message).toBe('The Idempotency-Key header must be a UUID.')
    expect(dynamo.calls()).toHaveLength(0)
  })

  it('gives submissions without a key ids of their own', async () => {
    const first = await invoke(jsonEvent(validSubmission))
    const second = await invoke(jsonEvent(validSubmission))
    expect(first.json.id).not.toBe(second.json.id)
  })
})

describe('a put whose answer never came: the read-back', () => {
  const lost = () =>
    Object.assign(new Error('Request aborted'), { name: 'AbortError', $metadata: {} })
  const sent = () => invoke(jsonEvent(validSubmission, { 'Idempotency-Key': key }))

  it('answers 201 with the enquiry when the put landed although its answer was lost', async () => {
    const landed: Enquiry[] = []
    dynamo.on(PutCommand).callsFake((input: { Item: Enquiry }) => {
      landed.push(input.Item)
      throw lost()
    })
    dynamo.on(GetCommand).callsFake(() => ({ Item: landed[0] }))
    const response = await sent()
    expect(response.statusCode).toBe(201)
    expect(response.json.id).toBe(enquiryIdFor(key))
    expect(dynamo.commandCalls(GetCommand)[0]?.args[0].input).toMatchObject({
      Key: { id: enquiryIdFor(key) },
      ConsistentRead: true,
    })
    expect(logs).toContainEqual(
      expect.objectContaining({ event: 'enquiry_stored_unanswered', errorName: 'AbortError' }),
    )
  })

  it('says it cannot know when the put did not land, and the same key sent again makes one enquiry', async () => {
    dynamo.on(PutCommand).rejectsOnce(lost()).resolves({})
    const first = await sent()
    // A write cut off may still land: not "not saved", but "send it again, it is safe".
    expect(first.statusCode).toBe(504)
    expect(first.json.message).toMatch(/could not confirm.*send it again.*only once/)
    expect(first.headers).not.toHaveProperty('retry-after')
    const again = await sent()
    expect(again.statusCode).toBe(201)
    const written = await landedPuts(dynamo.commandCalls(PutCommand))
    expect(written.map((item) => item.id)).toEqual([enquiryIdFor(key)])
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(1)
  })

  it('says a resend may make a second enquiry when the request carried no idempotency key', async () => {
    dynamo.on(PutCommand).rejects(lost())
    const response = await invoke(jsonEvent(validSubmission))
    expect(response.statusCode).toBe(504)
    expect(response.json.message).toMatch(/may receive it twice/)
  })
})
