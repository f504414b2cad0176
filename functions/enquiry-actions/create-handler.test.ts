import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { mockClient } from 'aws-sdk-client-mock'
import { beforeEach, describe, expect, it } from 'vitest'
import { actionsPath, signAction } from '../enquiries/action-links.ts'
import { buildEnquiry } from '../enquiries/item.ts'
import {
  httpEvent,
  testClients,
  testConfig,
  testContext,
  validSubmission,
} from '../test-fixtures/test-support.ts'
import { createActionHandler } from './create-handler.ts'

const key = 'a test key that is long enough to sign with'
const now = new Date('2026-11-27T08:00:00.000Z')
const id = '0d9e5a1c-7b2f-5c3d-9e4f-5a6b7c8d9e0f'
const token = signAction(key, {
  id,
  action: 'release',
  expires: Math.floor(now.getTime() / 1000) + 86_400,
  stage: 'prod',
})
const held = {
  ...buildEnquiry(validSubmission, id, new Date('2026-11-26T08:00:00.000Z')),
  emailStatus: 'held',
  attention: 'held',
}

const dynamo = mockClient(DynamoDBDocumentClient)
const clients = testClients()
const handler = createActionHandler({
  documentClient: clients.documentClient,
  tableName: testConfig.enquiriesTable,
  key,
  stage: 'prod',
  log: () => {},
  now: () => now,
})
const call = (
  method: string,
  options: { body?: string; query?: boolean; headers?: Record<string, string> } = {},
) =>
  handler(
    {
      ...httpEvent({
        method,
        path: `/secret-segment${actionsPath}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...options.headers },
        ...(options.body !== undefined && { body: options.body }),
      }),
      ...(options.query && { queryStringParameters: { t: token } }),
    },
    testContext,
  )

beforeEach(() => dynamo.reset())

describe('the digest links’ function', () => {
  it('answers a GET under CloudFront’s secret segment with the page, reading only', async () => {
    dynamo.on(GetCommand).resolves({ Item: held })
    const page = await call('GET', { query: true })
    expect(page.statusCode).toBe(200)
    expect(page.headers).toMatchObject({
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
    })
    expect(page.body).toContain('Send it to me</button>')
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0)
  })

  it('says in words that nothing was done when the table does not answer', async () => {
    dynamo.on(GetCommand).rejects(new Error('down'))
    for (const answer of [
      await call('GET', { query: true }),
      await call('POST', { body: `t=${token}` }),
    ]) {
      expect(answer.statusCode).toBe(503)
      expect(answer.body).toContain('Nothing could be done just now')
    }
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0)
  })

  it('refuses another method, and a post from another site, changing nothing', async () => {
    const put = await call('PUT', { body: `t=${token}` })
    expect(put.statusCode).toBe(405)
    expect(put.headers.allow).toBe('GET, POST')
    const crossSite = await call('POST', {
      body: `t=${token}`,
      headers: { 'sec-fetch-site': 'cross-site' },
    })
    expect(crossSite.statusCode).toBe(403)
    expect(crossSite.body).toContain('Please press the button on our own page')
    expect(dynamo.calls()).toHaveLength(0)
  })

  it('refuses a post without a form body as an incomplete link', async () => {
    const answer = await call('POST', {
      body: '{}',
      headers: { 'content-type': 'application/json' },
    })
    expect(answer.statusCode).toBe(400)
    expect(answer.body).toContain('This link is not complete')
    expect(dynamo.calls()).toHaveLength(0)
  })
})
