import { afterAll, describe, expect, it } from 'vitest'
import { CONTACT_BUDGET_MS } from '#functions/contact/store-confirmed.ts'
import { createEnquiryStore } from '#functions/enquiries/store.ts'
import { sampleEnquiry } from '#shared/sample-enquiry.ts'
import { startFaultStack } from './fault-stack.ts'
import { mailFor, readMailbox } from './mailbox.ts'

/**
 * The contact API against dynalite and aws-ses-v2-local, each behind a fault proxy: what a
 * visitor gets, and what is stored and sent, when DynamoDB or SES is down or hangs (accepts
 * connections and never answers: a paused process, a black hole, the case a refused port does
 * not show).
 */
const stack = await startFaultStack()
afterAll(() => stack.close())

const mailbox = () => readMailbox(stack.mailboxUrl)
const readEnquiry = (id: string) =>
  createEnquiryStore(stack.table, stack.config.enquiriesTable).get(id)

/** A distinct enquirer per test, so tests can find their own items and e-mails. */
const enquirer = (name: string) => ({ ...sampleEnquiry, email: `${name}@example.co.uk` })

/**
 * One post, and how long its answer took; what its write started (the enquiry sender) has
 * finished when it resolves.
 */
async function timed(body: unknown) {
  const started = performance.now()
  const response = await fetch(`${stack.url}/api/contacts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const elapsed = performance.now() - started
  await stack.trigger.settled()
  return { response, elapsed }
}

const post = async (body: unknown) => (await timed(body)).response

/** One post by a distinct enquirer, and how long its answer took. */
const timedPost = (name: string) => timed(enquirer(name))

describe('contact pipeline with DynamoDB or SES down', () => {
  it('keeps an enquiry pending when SES is down, and the retry sends it later', async () => {
    // Down as SES says it (503): a refusal, so the attempt counts. A dropped connection leaves
    // the outcome unknown (it may have been sent), as a hang does: see the test below.
    stack.ses.down('unavailable')
    let response: Response
    try {
      response = await post(enquirer('ses-down'))
    } finally {
      stack.ses.up()
    }
    expect(response.status).toBe(201)
    const { id, createdAt } = (await response.json()) as { id: string; createdAt: string }

    expect(await readEnquiry(id)).toMatchObject({
      emailPending: 'PENDING',
      emailStatus: 'pending',
      emailAttempts: 1,
    })
    expect(await mailFor(stack.mailboxUrl, id)).toHaveLength(0)

    // Too early: the retry leaves enquiries alone for their first minute.
    const retryAt = (msAfter: number) =>
      stack.runRetry(Date.parse(createdAt) + msAfter - Date.now())
    await retryAt(30_000)
    expect(await mailFor(stack.mailboxUrl, id)).toHaveLength(0)

    const summary = await retryAt(2 * 60_000)
    expect(summary.sentCount).toBeGreaterThanOrEqual(1)
    const [email] = await mailFor(stack.mailboxUrl, id)
    expect(email?.replyTo[0]).toBe('ses-down@example.co.uk')
    expect(await readEnquiry(id)).toMatchObject({ emailStatus: 'sent', emailAttempts: 2 })
    expect(await readEnquiry(id)).not.toHaveProperty('emailPending')
  })

  it('answers 504 and sends nothing when DynamoDB drops every connection: the write may have landed', async () => {
    const before = (await mailbox()).length
    stack.dynamoDb.down('reset')
    try {
      const response = await post(enquirer('dynamodb-down'))
      // A connection dropped after the request went is no refusal: it cannot be known, and the
      // words say sending again is safe. (503 "not saved" is for a refusal DynamoDB answered.)
      expect(response.status).toBe(504)
      expect(((await response.json()) as { message: string }).message).toMatch(/could not confirm/)
      expect(await mailbox()).toHaveLength(before)
    } finally {
      stack.dynamoDb.up()
    }
  })

  it('answers 504 within its budget when DynamoDB hangs, storing nothing', async () => {
    const before = (await mailbox()).length
    stack.dynamoDb.hang()
    try {
      const { response, elapsed } = await timedPost('dynamodb-hung')
      expect(response.status).toBe(504)
      expect(elapsed).toBeLessThan(CONTACT_BUDGET_MS)
      expect(await stack.storedFor('dynamodb-hung@example.co.uk')).toHaveLength(0)
      expect(await mailbox()).toHaveLength(before)
    } finally {
      stack.dynamoDb.up()
    }
  }, 20_000)

  it('answers 201 within its budget when SES hangs, leaving the enquiry pending', async () => {
    stack.ses.hang()
    try {
      const { response, elapsed } = await timedPost('ses-hung')
      expect(response.status).toBe(201)
      expect(elapsed).toBeLessThan(CONTACT_BUDGET_MS + 500)
      const { id } = (await response.json()) as { id: string }
      // No answer: SES may have sent it. Not an attempt, and held off from every sender.
      expect(await readEnquiry(id)).toMatchObject({
        emailPending: 'PENDING',
        emailStatus: 'pending',
        emailAttempts: 0,
        emailOutcomesUnknown: 1,
      })
      expect(await mailFor(stack.mailboxUrl, id)).toHaveLength(0)
    } finally {
      stack.ses.up()
    }
    // The sender waits SES's 15 s for an answer (a late one counts) before it gives up.
  }, 40_000)
})
