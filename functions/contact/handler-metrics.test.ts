import { PutCommand } from '@aws-sdk/lib-dynamodb'
import { describe, expect, it, vi } from 'vitest'
import { createSenderHandler } from '../enquiry-sender/create-handler.ts'
import { createMetrics } from '../metrics.ts'
import { dependencies, dynamo, mockAwsPerTest } from '../test-fixtures/mocked-contact.ts'
import { streamEventOf } from '../test-fixtures/stream-trigger.ts'
import * as support from '../test-fixtures/test-support.ts'
import { createContactHandler } from './create-handler.ts'

mockAwsPerTest()

describe('POST /api/contacts', () => {
  it('counts the submission, the store and the e-mail, and publishes them once per request', async () => {
    const recorded: string[] = []
    const metrics = createMetrics('contact', { stage: 'test' })
    vi.spyOn(metrics, 'addMetric').mockImplementation((name) => {
      recorded.push(name)
      return metrics
    })
    vi.spyOn(metrics, 'publishStoredMetrics').mockImplementation(() => {
      recorded.push('published')
      return metrics
    })
    const counted = createContactHandler({ ...dependencies, metrics })
    const countedSender = createSenderHandler({ ...dependencies, metrics })
    await counted(support.jsonEvent(support.validSubmission), support.testContext)
    // The e-mail is the sender's, which the write starts: its own invocation, its own flush.
    const written = dynamo.commandCalls(PutCommand).map((call) => call.args[0].input.Item ?? {})
    await countedSender(streamEventOf(written), support.testContext)
    expect(recorded).toEqual([
      'EnquirySubmitted',
      'EnquiryStored',
      'published',
      'EnquiryEmailed',
      'published',
    ])
    recorded.length = 0
    await counted(support.httpEvent({ method: 'GET' }), support.testContext)
    expect(recorded).toEqual(['published'])
  })
})
