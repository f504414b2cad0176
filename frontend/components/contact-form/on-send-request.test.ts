import { afterEach, describe, expect, it, vi } from 'vitest'
import type { submitContact } from '#frontend/api/contacts.ts'
import { sampleEnquiry } from '#shared/sample-enquiry.ts'
import { SEND_TIME_LIMIT_MS, sendEnquiry } from './on-send-request.ts'
import { SendTimedOut } from './rules.ts'

const submission = sampleEnquiry
const options = { idempotencyKey: 'k', honeypot: '' }

afterEach(() => {
  vi.useRealTimers()
})

describe('sending an enquiry', () => {
  it('records contact_form_submit (engagement, contact_page) before the call', async () => {
    const calls: string[] = []
    const track = vi.fn(() => {
      calls.push('track')
    })
    const submit = vi.fn(async () => {
      calls.push('submit')
      return { id: 'e1', createdAt: '2026-01-01T00:00:00.000Z' }
    })
    await expect(
      sendEnquiry(submission, options, { track, submitContact: submit }),
    ).resolves.toEqual({ id: 'e1', createdAt: '2026-01-01T00:00:00.000Z' })
    expect(calls).toEqual(['track', 'submit'])
    expect(track).toHaveBeenCalledWith({
      action: 'contact_form_submit',
      category: 'engagement',
      label: 'contact_page',
    })
    expect(submit).toHaveBeenCalledWith(submission, {
      ...options,
      signal: expect.any(AbortSignal),
    })
  })

  it('passes a failure through to the form', async () => {
    const submit = vi.fn(async () => {
      throw new Error('503: down')
    })
    await expect(
      sendEnquiry(submission, options, { track: vi.fn(), submitContact: submit }),
    ).rejects.toThrow('503: down')
  })

  it('gives up on an answer that never comes after the time limit, aborting the request', async () => {
    vi.useFakeTimers()
    let signal: AbortSignal | undefined
    // Like fetch: it never settles by itself, and rejects with the abort's reason.
    const hangs = ((_: unknown, { signal: given }: { signal: AbortSignal }) => {
      signal = given
      return new Promise((_resolve, reject) => {
        given.addEventListener('abort', () => reject(given.reason))
      })
    }) as unknown as typeof submitContact
    const sent = sendEnquiry(submission, options, {
      track: vi.fn(),
      submitContact: hangs,
    })
    const outcome = sent.catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(SEND_TIME_LIMIT_MS - 1)
    expect(signal?.aborted).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(signal?.aborted).toBe(true)
    await expect(outcome).resolves.toBeInstanceOf(SendTimedOut)
    expect(SEND_TIME_LIMIT_MS).toBeGreaterThanOrEqual(15_000)
    expect(SEND_TIME_LIMIT_MS).toBeLessThanOrEqual(20_000)
  })
})
