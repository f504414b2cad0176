import { PutCommand } from '@aws-sdk/lib-dynamodb'
import { describe, expect, it } from 'vitest'
import { buildEnquiry } from '#functions/enquiries/item.ts'
import { tableRepeatLookup } from '#functions/enquiries/repeats.ts'
import { messageKeys } from '#functions/spam/message-keys.ts'
import { validSubmission } from '#functions/test-fixtures/test-support.ts'
import { enquiryTable } from './testing/enquiry-table.ts'

/**
 * The repeat signal against the table as the local stack creates it (dynalite, with the
 * `by-message` index): identical messages from other addresses within a day, found by a query.
 */
const tableName = 'enquiries-repeats-test'
const now = new Date('2026-11-23T12:00:00.000Z')
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3600_000)
const pitch =
  'Hi, I noticed your website is not ranking on Google. Can I send you a proposal today?'
const table = enquiryTable(tableName)
let counter = 0

async function store(email: string, createdAt: Date, message: string) {
  counter++
  const id = `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`
  const item = buildEnquiry({ ...validSubmission, email, message }, id, createdAt)
  await table.client.send(new PutCommand({ TableName: tableName, Item: item }))
}

describe('tableRepeatLookup', () => {
  it('counts other addresses that sent the same text (any case, spacing, punctuation) within a day', async () => {
    const lookup = tableRepeatLookup(table.client, tableName)
    const keys = messageKeys({ message: pitch, email: 'new@example.com' }, now)
    if (!keys) throw new Error('the pitch is long enough to be fingerprinted')
    expect(await lookup(keys, now)).toBe(0)

    await store('a@example.com', hoursAgo(2), pitch)
    await store('A@Example.com ', hoursAgo(1), pitch) // the same sender again
    await store('b@example.com', hoursAgo(3), `  ${pitch.toUpperCase().replaceAll(',', '')}`)
    await store('c@example.com', hoursAgo(25), pitch) // more than a day ago
    await store('d@example.com', hoursAgo(1), `${pitch} Thanks.`) // a different text
    await store('new@example.com', hoursAgo(1), pitch) // the sender's own earlier copy

    expect(await lookup(keys, now)).toBe(2)
  })

  it('leaves short messages out of the index: people may well write the same few words', () => {
    expect(messageKeys({ message: 'Please call me back.', email: 'x@example.com' }, now)).toBe(
      undefined,
    )
  })
})
