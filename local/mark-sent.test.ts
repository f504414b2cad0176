import { DynamoDBClient } from '@aws-sdk/client-dynamodb'
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recordAcceptedSend } from '#functions/delivery-events/accepted.ts'
import { recordDelivery } from '#functions/delivery-events/delivery.ts'
import { buildEnquiry } from '#functions/enquiries/item.ts'
import { createEnquiryStore, type EnquiryStore } from '#functions/enquiries/store.ts'
import { sampleEnquiry } from '#shared/sample-enquiry.ts'
import { ensureEnquiryTable, type RunningEmulator, startDynalite } from './emulators.ts'

const tableName = 'enquiries'
let dynalite: RunningEmulator
let client: DynamoDBDocumentClient
let store: EnquiryStore

beforeAll(async () => {
  dynalite = await startDynalite({})
  const direct = new DynamoDBClient({
    endpoint: dynalite.url,
    region: 'eu-west-2',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  })
  await ensureEnquiryTable(direct, tableName)
  client = DynamoDBDocumentClient.from(direct, {
    marshallOptions: { removeUndefinedValues: true },
  })
  store = createEnquiryStore(client, tableName)
})
afterAll(async () => {
  client?.destroy()
  await dynalite?.close()
})

async function storedEnquiry(id: string) {
  await store.create(buildEnquiry(sampleEnquiry, id, new Date('2026-11-27T04:00:00Z')))
  return id
}

describe('recording a sent e-mail (markEmailSent)', () => {
  it('marks a pending enquiry sent, out of the retry’s queue, with SES’s message id', async () => {
    const id = await storedEnquiry('0d9e5a1c-7b2f-4c3d-9e4f-000000000001')
    await store.markEmailSent(id, new Date('2026-11-27T04:00:01Z'), 'ses-1', 'sender')
    const item = await store.get(id)
    expect(item).toMatchObject({
      emailStatus: 'sent',
      emailStatusAt: '2026-11-27T04:00:01.000Z',
      emailSentAt: '2026-11-27T04:00:01.000Z',
      emailMessageId: 'ses-1',
      emailSentBy: 'sender',
      emailAttempts: 1,
    })
    expect(item?.emailPending).toBeUndefined()
  })

  it('keeps a delivery SES reported before the send was recorded, and still records the send', async () => {
    const id = await storedEnquiry('0d9e5a1c-7b2f-4c3d-9e4f-000000000002')
    await store.claimEmail(id, new Date('2026-11-27T04:00:00Z'), new Date('2026-11-27T04:05:00Z'))
    // SES's Delivery event lands first (its notification overtook the sender's own write).
    await expect(
      recordDelivery(client, tableName, {
        enquiryId: id,
        status: 'delivered',
        at: '2026-11-27T04:00:02.000Z',
        detail: '',
        messageId: 'ses-2',
      }),
    ).resolves.toBe('recorded')
    await store.markEmailSent(id, new Date('2026-11-27T04:00:03Z'), 'ses-2', 'retry')
    const item = await store.get(id)
    expect(item).toMatchObject({
      emailStatus: 'delivered',
      emailStatusAt: '2026-11-27T04:00:02.000Z',
      emailSentAt: '2026-11-27T04:00:03.000Z',
      emailMessageId: 'ses-2',
      emailAttempts: 1,
    })
    expect(item?.emailClaimedUntil).toBeUndefined()
    expect(item?.emailPending).toBeUndefined()
  })

  it('records one send once when a try that landed unanswered is tried again', async () => {
    const id = await storedEnquiry('0d9e5a1c-7b2f-4c3d-9e4f-000000000007')
    const at = new Date('2026-11-27T04:00:01Z')
    // The first try landed, its answer lost: the sender's retried write sends the same facts.
    await store.markEmailSent(id, at, 'ses-6', 'sender')
    await store.markEmailSent(id, at, 'ses-6', 'sender')
    await expect(store.get(id)).resolves.toMatchObject({
      emailStatus: 'sent',
      emailSentAt: '2026-11-27T04:00:01.000Z',
      emailAttempts: 1,
    })
  })

  it('never recreates an enquiry erased while its e-mail was in flight', async () => {
    const id = '0d9e5a1c-7b2f-4c3d-9e4f-000000000003'
    await expect(store.markEmailSent(id, new Date(), 'ses-3', 'sender')).rejects.toThrow()
    await expect(store.get(id)).resolves.toBeUndefined()
  })
})

describe('SES’s Send event: the evidence of a send its sender did not record', () => {
  const accepted = (enquiryId: string, at: string) =>
    recordAcceptedSend(client, tableName, { enquiryId, messageId: 'ses-9', at, sentBy: 'sender' })

  it('records the send of a claimed enquiry whose sender died after SES took it', async () => {
    const id = await storedEnquiry('0d9e5a1c-7b2f-4c3d-9e4f-000000000004')
    await store.claimEmail(id, new Date('2026-11-27T04:00:00Z'), new Date('2026-11-27T04:01:00Z'))
    await expect(accepted(id, '2026-11-27T04:00:01.000Z')).resolves.toBe('recorded')
    const item = await store.get(id)
    expect(item).toMatchObject({
      emailStatus: 'sent',
      emailSentAt: '2026-11-27T04:00:01.000Z',
      emailMessageId: 'ses-9',
      emailSentBy: 'sender',
    })
    // Out of the retry's queue, its claim gone: nobody sends it again.
    expect(item?.emailPending).toBeUndefined()
    expect(item?.emailClaimedUntil).toBeUndefined()
  })

  it('changes nothing once the send is recorded, and never recreates an erased enquiry', async () => {
    const id = await storedEnquiry('0d9e5a1c-7b2f-4c3d-9e4f-000000000005')
    await store.markEmailSent(id, new Date('2026-11-27T04:00:01Z'), 'ses-5', 'retry')
    await expect(accepted(id, '2026-11-27T04:00:02.000Z')).resolves.toBe('already-recorded')
    expect(await store.get(id)).toMatchObject({ emailSentBy: 'retry', emailMessageId: 'ses-5' })
    const erased = '0d9e5a1c-7b2f-4c3d-9e4f-000000000006'
    await expect(accepted(erased, '2026-11-27T04:00:02.000Z')).resolves.toBe('already-recorded')
    await expect(store.get(erased)).resolves.toBeUndefined()
  })
})
