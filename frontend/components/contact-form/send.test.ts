import { describe, expect, it, vi } from 'vitest'
import { sampleEnquiry } from '../../../shared/sample-enquiry.ts'
import { sendEnquiry } from './send.ts'

const submission = sampleEnquiry

describe('sending an enquiry', () => {
  it('records contact_form_submit (engagement, contact_page) before the call', async () => {
    const calls: string[] = []
    const track = vi.fn(() => {
      calls.push('track')
    })
    const submitContact = vi.fn(async () => {
      calls.push('submit')
      return { id: 'e1', createdAt: '2026-01-01T00:00:00.000Z' }
    })
    const options = { idempotencyKey: 'k', honeypot: '' }
    await expect(sendEnquiry(submission, options, { track, submitContact })).resolves.toEqual({
      id: 'e1',
      createdAt: '2026-01-01T00:00:00.000Z',
    })
    expect(calls).toEqual(['track', 'submit'])
    expect(track).toHaveBeenCalledWith({
      action: 'contact_form_submit',
      category: 'engagement',
      label: 'contact_page',
    })
    expect(submitContact).toHaveBeenCalledWith(submission, options)
  })

  it('passes a failure through to the form', async () => {
    const submitContact = vi.fn(async () => {
      throw new Error('503: down')
    })
    await expect(
      sendEnquiry(
        submission,
        { idempotencyKey: 'k', honeypot: '' },
        { track: vi.fn(), submitContact },
      ),
    ).rejects.toThrow('503: down')
  })
})
