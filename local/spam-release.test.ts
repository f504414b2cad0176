import { GetCommand } from '@aws-sdk/lib-dynamodb'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createAwsClients } from '#functions/aws-clients.ts'
import { createContactHandler } from '#functions/contact/create-handler.ts'
import { silentLogger } from '#functions/log.ts'
import {
  jsonEvent,
  testConfig,
  testContext,
  validSubmission,
} from '#functions/test-fixtures/test-support.ts'
import { runEnquiries } from '#ops/enquiries-cli.ts'
import { localCredentials } from './pipeline.ts'
import { enquiryTable } from './testing/enquiry-table.ts'

/**
 * Certain spam end to end: the contact function holds a honeypot post back, the ops command
 * lists it as spam and releases it to the inbox (pending, for the retry to e-mail).
 */
const tableName = 'enquiries-spam-release-test'
const dynamo = enquiryTable(tableName)

beforeAll(() => {
  vi.stubEnv('AWS_ACCESS_KEY_ID', localCredentials.accessKeyId)
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', localCredentials.secretAccessKey)
})

afterAll(() => {
  vi.unstubAllEnvs()
})

async function ops(args: string[]) {
  let out = ''
  const code = await runEnquiries([...args, '--table', tableName, '--endpoint', dynamo.url], {
    out: (text) => {
      out += text
    },
    err: () => {},
    now: () => new Date(),
    env: {},
  })
  return { code, out }
}

describe('certain spam, held and released', () => {
  it('is listed by `enquiries list --spam` and can be released to the inbox', async () => {
    const config = { ...testConfig, enquiriesTable: tableName, dynamoDbEndpoint: dynamo.url }
    const handler = createContactHandler({
      config,
      clients: createAwsClients(config, { credentials: localCredentials }),
      log: silentLogger,
    })
    const response = await handler(
      jsonEvent({ ...validSubmission, website: 'https://spam.example' }),
      testContext,
    )
    expect(response.statusCode).toBe(201)
    const { id } = JSON.parse(response.body ?? '{}') as { id: string }
    const read = async () =>
      (await dynamo.client.send(new GetCommand({ TableName: tableName, Key: { id } }))).Item

    const held = await read()
    expect(held).toMatchObject({ emailStatus: 'held', spamLevel: 'certain' })
    const listed = await ops(['list', '--spam'])
    expect(listed.code).toBe(0)
    expect(listed.out).toContain(String(held?.ref))

    expect((await ops(['release', String(held?.ref)])).code).toBe(0)
    expect(await read()).toMatchObject({
      emailStatus: 'pending',
      emailPending: 'PENDING',
      spamLevel: 'certain',
    })
  })
})
