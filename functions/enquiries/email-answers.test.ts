import { describe, expect, it } from 'vitest'
import { validSubmission } from '../test-fixtures/test-support.ts'
import { verifyAction } from './action-links.ts'
import { enquiryEmailInput, renderEnquiryEmail } from './email.ts'
import { buildEnquiry, type Enquiry } from './item.ts'
import { enquiryOfReplyAddress, replyAddress } from './reply-address.ts'

const key = 'a stage key that is long enough to sign with'
const id = '0d9e5a1c-7b2f-5c3d-9e4f-5a6b7c8d9e0f'
const july = new Date('2026-07-27T08:05:00.000Z')
const enquiry = buildEnquiry(validSubmission, id, july)
const addresses = {
  senderEmail: 'website@elevate-digital.example',
  agencyEmail: 'hello@elevate-digital.example',
  agencyTimeZone: 'Europe/London',
  replyDomain: 'replies.elevate-digital.example',
  actionLinkKey: key,
  stage: 'prod',
  siteUrl: 'https://www.elevate-digital.example',
}
const held: Enquiry = buildEnquiry(validSubmission, id, july, {
  level: 'certain',
  score: 12,
  reasons: ['The honeypot field was filled in'],
})

const textOf = (input: ReturnType<typeof enquiryEmailInput>) =>
  input.Message?.Body?.Text?.Data ?? ''

describe('the enquiry e-mail, for the 24-hour promise', () => {
  it('sends replies to the enquirer and to the enquiry’s own reply address', () => {
    const input = enquiryEmailInput(enquiry, addresses, july)
    const [enquirer, reply] = input.ReplyToAddresses ?? []
    expect(enquirer).toBe(validSubmission.email)
    expect(reply).toMatch(
      /^reply-0d9e5a1c7b2f5c3d9e4f5a6b7c8d9e0f-[0-9a-f]{20}@replies\.elevate-digital\.example$/,
    )
    expect(enquiryOfReplyAddress(key, 'prod', reply as string, addresses.replyDomain)).toBe(id)
    expect(textOf(input)).toContain(
      `Your reply also goes to ${reply}: that only records that the enquiry was answered`,
    )
  })

  it('carries a signed “I have answered this” link for this enquiry only', () => {
    const text = textOf(enquiryEmailInput(enquiry, addresses, july))
    const link = /I have answered this: (\S+)/.exec(text)?.[1] ?? ''
    const token = new URL(link).searchParams.get('t') ?? ''
    expect(link.startsWith('https://www.elevate-digital.example/api/enquiry-actions?t=')).toBe(true)
    expect(verifyAction(key, 'prod', token, july)).toMatchObject({
      ok: true,
      claim: { id, action: 'answer' },
    })
    const html = enquiryEmailInput(enquiry, addresses, july).Message?.Body?.Html?.Data ?? ''
    expect(html).toContain('>I have answered this</a>')
  })

  it('offers neither without the stage’s key, and never to the canary’s synthetic enquiry', () => {
    const plain = enquiryEmailInput(enquiry, {
      senderEmail: addresses.senderEmail,
      agencyEmail: addresses.agencyEmail,
    })
    expect(plain.ReplyToAddresses).toEqual([validSubmission.email])
    expect(textOf(plain)).not.toContain('I have answered this')
    const synthetic = enquiryEmailInput({ ...enquiry, synthetic: true }, addresses, july)
    expect(synthetic.ReplyToAddresses).toEqual([validSubmission.email])
  })

  it('tells a July enquiry’s time in BST and a November one’s in GMT', () => {
    expect(renderEnquiryEmail(enquiry).text).toContain('received Mon 27 Jul 2026, 09:05 BST.')
    const november = buildEnquiry(validSubmission, id, new Date('2026-11-27T08:05:00.000Z'))
    expect(renderEnquiryEmail(november).text).toContain('received Fri 27 Nov 2026, 08:05 GMT.')
  })

  it('reads a released enquiry as a normal one: no spam mark, no spam box, a line saying staff released it and when', () => {
    expect(renderEnquiryEmail(held).subject).toMatch(/^\[Likely spam\] /)
    const released: Enquiry = {
      ...held,
      emailStatus: 'pending',
      staffActions: [{ action: 'release', at: '2026-07-27T10:00:00.000Z', by: 'link' }],
    }
    const { subject, text, html } = renderEnquiryEmail(released)
    expect(subject).toBe(`New enquiry from Ada Lovelace, ${validSubmission.company} (ref 0D9E5A1C)`)
    expect(text.split('\n')[0]).toBe(
      'Released from the spam hold by staff on Mon 27 Jul 2026, 11:00 BST (the spam check had held it back: The honeypot field was filled in).',
    )
    expect(text).not.toContain('Marked as likely spam')
    expect(html).not.toContain('border:2px solid #c53030')
  })

  it('says a requeued enquiry is sent again, and why, in its subject and first line', () => {
    const requeued: Enquiry = {
      ...enquiry,
      staffActions: [
        { action: 'requeue', at: '2026-11-27T09:30:00.000Z', by: 'link', from: 'bounced' },
      ],
    }
    const { subject, text } = renderEnquiryEmail(requeued)
    expect(subject).toMatch(/^\[Sent again\] New enquiry from Ada Lovelace/)
    expect(text.split('\n')[0]).toBe(
      'Sent again on Fri 27 Nov 2026, 09:30 GMT, at the request of staff: the first e-mail about it did not reach you (this inbox refused it).',
    )
    const byOps: Enquiry = {
      ...enquiry,
      staffActions: [
        { action: 'requeue', at: '2026-11-27T09:30:00.000Z', by: 'ops', from: 'gave-up' },
      ],
    }
    expect(renderEnquiryEmail(byOps).text).toContain(
      'at the request of whoever looks after the website: the first e-mail about it did not reach you (our mail service could not send it).',
    )
  })

  it('never tells staff to run a command', () => {
    const input = enquiryEmailInput(held, addresses, july)
    for (const part of [
      input.Message?.Subject?.Data,
      textOf(input),
      input.Message?.Body?.Html?.Data,
    ]) {
      expect(part).not.toMatch(/\bnpm\b/)
    }
  })
})

describe('reply addresses', () => {
  const domain = 'replies.elevate-digital.example'
  const address = replyAddress(key, 'prod', id, domain)

  it('fit a mail address’s local part and name their enquiry, whatever the case', () => {
    expect(address.split('@')[0]?.length).toBeLessThanOrEqual(64)
    expect(enquiryOfReplyAddress(key, 'prod', address.toUpperCase(), domain)).toBe(id)
  })

  it('name nothing when changed, made up, of another stage or domain', () => {
    const flipped = address.replace(
      /-([0-9a-f])([0-9a-f]{19})@/,
      (_, first, rest) => `-${first === '0' ? '1' : '0'}${rest}@`,
    )
    for (const [candidate, stage, at] of [
      [flipped, 'prod', domain],
      [address.replace('0d9e5a1c', '1d9e5a1c'), 'prod', domain],
      [address, 'staging', domain],
      [address, 'prod', 'replies.other.example'],
      [`reply-${'0'.repeat(32)}-${'0'.repeat(20)}@${domain}`, 'prod', domain],
      ['hello@elevate-digital.example', 'prod', domain],
    ] as const) {
      expect(enquiryOfReplyAddress(key, stage, candidate, at)).toBeUndefined()
    }
  })
})
