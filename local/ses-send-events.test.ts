import { describe, expect, it } from 'vitest'
import { acceptedSendOf } from './ses-send-events.ts'

/** A SendEmail as the SDK posts it to SES (the query protocol), with the send's tags. */
const query = (fields: Record<string, string>) =>
  new URLSearchParams({
    Action: 'SendEmail',
    Version: '2010-12-01',
    Source: 'website@elevate-digital.example',
    'Destination.ToAddresses.member.1': 'hello@elevate-digital.example',
    'Message.Subject.Data': 'New enquiry',
    ...fields,
  }).toString()

describe('the SES stand-in’s Send events', () => {
  it('reads the enquiry and its sender from the tags of a send with the configuration set', () => {
    const body = query({
      ConfigurationSetName: 'local-delivery-events',
      'Tags.member.1.Name': 'enquiry-id',
      'Tags.member.1.Value': '0d9e5a1c-7b2f-4c3d-9e4f-000000000001',
      'Tags.member.2.Name': 'sent-by',
      'Tags.member.2.Value': 'retry',
    })
    expect(acceptedSendOf(body, 'local-delivery-events')).toEqual({
      enquiryId: '0d9e5a1c-7b2f-4c3d-9e4f-000000000001',
      sentBy: 'retry',
    })
  })

  it('publishes nothing for a send without the configuration set or an enquiry (the digest)', () => {
    const tagged = { 'Tags.member.1.Name': 'enquiry-id', 'Tags.member.1.Value': 'x' }
    expect(acceptedSendOf(query(tagged), 'local-delivery-events')).toBeUndefined()
    expect(
      acceptedSendOf(
        query({ ConfigurationSetName: 'local-delivery-events' }),
        'local-delivery-events',
      ),
    ).toBeUndefined()
  })
})
