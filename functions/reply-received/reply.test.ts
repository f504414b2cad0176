import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb'
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { mockClient } from 'aws-sdk-client-mock'
import { beforeEach, describe, expect, it } from 'vitest'
import { buildEnquiry } from '../enquiries/item.ts'
import { replyAddress } from '../enquiries/reply-address.ts'
import {
  keptLinesLogger,
  type LogLine,
  testClients,
  testContext,
  validSubmission,
} from '../test-fixtures/test-support.ts'
import { createReplyHandler } from './create-handler.ts'
import { type ReceivedMessage, receiptEvent } from './receipt-event.ts'

const key = 'the stage key that signs reply addresses'
const id = '0d9e5a1c-7b2f-5c3d-9e4f-5a6b7c8d9e0f'
const replyDomain = 'replies.elevate-digital.example'
const now = new Date('2026-07-27T09:00:00.000Z')
const enquiry = buildEnquiry(validSubmission, id, new Date('2026-07-27T08:00:00.000Z'))
const address = replyAddress(key, 'prod', id, replyDomain)
const subject = 'Re: New enquiry from Ada Lovelace (ref 0D9E5A1C)'

const dynamo = mockClient(DynamoDBDocumentClient)
const lines: LogLine[] = []
const handler = createReplyHandler({
  documentClient: testClients().documentClient,
  tableName: 'enquiries-test',
  key,
  stage: 'prod',
  replyDomain,
  agencyEmail: 'hello@elevate-digital.example',
  log: keptLinesLogger(lines),
  now: () => now,
})

const received = (message: Partial<ReceivedMessage>) =>
  handler(
    receiptEvent({
      from: ['Jane Smith <Jane@Elevate-Digital.example>'],
      recipients: [validSubmission.email, address],
      headers: [
        { name: 'Subject', value: subject },
        { name: 'In-Reply-To', value: '<0100018c-enquiry@eu-west-2.amazonses.com>' },
      ],
      ...message,
    }),
    testContext,
  )

beforeEach(() => {
  dynamo.reset()
  lines.length = 0
  dynamo.on(GetCommand).resolves({ Item: enquiry })
  dynamo.on(UpdateCommand).resolves({ Attributes: { ...enquiry, answeredAt: now.toISOString() } })
})

/** The one line each message is logged in: its event, and nothing of the message. */
function loggedOnce(event: string) {
  expect(lines.map((line) => line.event)).toEqual([event])
  const text = JSON.stringify(lines)
  for (const kept of [subject, validSubmission.email, 'In-Reply-To', 'jane@']) {
    expect(text.toLowerCase()).not.toContain(kept.toLowerCase())
  }
}

describe('a reply to the enquiry’s reply address', () => {
  it('from the agency’s own domain records the first answer: when, and which address', async () => {
    expect(await received({})).toEqual(['answered'])
    const update = dynamo.commandCalls(UpdateCommand)[0]?.args[0].input
    expect(update?.Key).toEqual({ id })
    expect(update?.ConditionExpression).toContain('attribute_not_exists(#answeredAt)')
    // Only the time, the way and the address: nothing of the message.
    expect(update?.ExpressionAttributeValues).toEqual({
      ':at': now.toISOString(),
      ':via': 'reply',
      ':by': 'jane@elevate-digital.example',
    })
    loggedOnce('reply_answered')
  })

  it('a second reply, or the same event delivered twice, changes nothing more', async () => {
    dynamo
      .on(UpdateCommand)
      .rejects(new ConditionalCheckFailedException({ message: 'answered', $metadata: {} }))
    expect(await received({})).toEqual(['already_answered'])
    loggedOnce('reply_already_answered')
  })

  it('from another domain (the enquirer’s reply-all, say) counts for nothing', async () => {
    expect(await received({ from: [`Ada <${validSubmission.email}>`] })).toEqual([
      'ignored_not_agency',
    ])
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0)
    loggedOnce('reply_ignored_not_agency')
  })

  it('from the enquirer, even on the agency’s domain, counts for nothing', async () => {
    dynamo.on(GetCommand).resolves({
      Item: { ...enquiry, email: 'Intern@Elevate-Digital.example' },
    })
    expect(await received({ from: ['intern@elevate-digital.example'] })).toEqual([
      'ignored_enquirer',
    ])
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0)
  })

  it('that fails authentication (a forged From) counts for nothing', async () => {
    for (const verdicts of [
      { dmarc: 'FAIL' },
      { dmarc: 'GRAY', spf: 'FAIL', dkim: 'FAIL' },
      { virus: 'FAIL' },
    ] as const) {
      lines.length = 0
      expect(await received({ verdicts })).toEqual(['refused_unauthenticated'])
      loggedOnce('reply_refused_unauthenticated')
    }
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0)
    // A domain without a DMARC policy: SPF (or DKIM) passing is enough.
    expect(await received({ verdicts: { dmarc: 'GRAY', spf: 'PASS', dkim: 'GRAY' } })).toEqual([
      'answered',
    ])
  })
})

describe('bad input to the receiver changes nothing and is logged in one line', () => {
  it('an unknown, made-up or changed address, whatever its In-Reply-To says', async () => {
    const changed = address.replace(
      /-([0-9a-f]{20})@/,
      (_, sig: string) => `-${sig.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))}@`,
    )
    for (const recipients of [
      [`hello@${replyDomain}`],
      [changed],
      [replyAddress('another stage’s key, long enough', 'prod', id, replyDomain)],
      ['hello@elevate-digital.example'],
    ]) {
      lines.length = 0
      // The In-Reply-To names this enquiry's e-mail: only the signed address could.
      expect(await received({ recipients })).toEqual(['refused_unknown_address'])
      loggedOnce('reply_refused_unknown_address')
    }
    expect(dynamo.calls()).toHaveLength(0)
  })

  it('no headers at all, or no single From address', async () => {
    for (const message of [
      { from: undefined, headers: [] },
      { from: ['a@elevate-digital.example', 'b@elevate-digital.example'] },
      { from: ['not an address'] },
    ]) {
      lines.length = 0
      expect(await received(message)).toEqual(['refused_malformed'])
      loggedOnce('reply_refused_malformed')
    }
    lines.length = 0
    expect(await handler({ Records: [{ eventSource: 'aws:s3' }] }, testContext)).toEqual([
      'refused_malformed',
    ])
    expect(await handler('garbage', testContext)).toEqual(['refused_malformed'])
    expect(dynamo.calls()).toHaveLength(0)
  })

  it('huge headers: truncated by SES, over the bound in all, or a From line past 998 characters', async () => {
    for (const message of [
      { headersTruncated: true },
      { headers: [{ name: 'X-Padding', value: 'x'.repeat(300 * 1024) }] },
      { from: [`${'J'.repeat(1000)} <jane@elevate-digital.example>`] },
      { recipients: Array.from({ length: 60 }, () => address) },
    ]) {
      lines.length = 0
      expect(await received(message)).toEqual(['refused_oversized'])
      loggedOnce('reply_refused_oversized')
    }
    expect(dynamo.calls()).toHaveLength(0)
  })

  it('an enquiry erased (or past its retention) meanwhile', async () => {
    dynamo.on(GetCommand).resolves({})
    expect(await received({})).toEqual(['refused_gone'])
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0)
  })

  it('a table that does not answer fails the invocation (for Lambda’s retries), logged', async () => {
    dynamo.on(GetCommand).rejects(Object.assign(new Error('down'), { name: 'ServiceUnavailable' }))
    await expect(received({})).rejects.toThrow('down')
    expect(lines.map((line) => line.event)).toEqual(['reply_not_recorded'])
  })
})
