import { once } from 'node:events'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { DynamoDBClient } from '@aws-sdk/client-dynamodb'
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb'
import { silentLogger } from '#functions/log.ts'
import { localCredentials, startLocalPipeline } from '#local/pipeline.ts'
import { contactApi } from '#shared/contact.ts'
import { auditSubmission, storedExpiryFinding } from './expiry.ts'
import type { Finding } from './finding.ts'
import type { RetentionPolicy } from './policy.ts'

/**
 * Through the local stack, as a visitor would: POST an enquiry to the contact API (dynalite and
 * the SES emulator in this process, on free ports), read the stored item back, and compare its
 * expiry with the same moment three calendar years on.
 */
export async function liveExpiryCheck(policy: RetentionPolicy): Promise<Finding> {
  const place = 'Live check through the local stack'
  const stack = await startLocalPipeline({ retryIntervalMs: false, log: silentLogger })
  const server = createServer((req, res) => {
    stack.handle(req, res).catch(() => res.destroy())
  }).listen(0, '127.0.0.1')
  const reader = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: stack.config.region,
      endpoint: stack.dynamoDbUrl,
      credentials: localCredentials,
    }),
  )
  try {
    await once(server, 'listening')
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${contactApi.path}`
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(auditSubmission),
    })
    if (response.status !== 201) {
      return { status: 'fail', place, detail: `the contact API answered ${response.status}` }
    }
    const { id } = (await response.json()) as { id: string }
    const { Item } = await reader.send(
      new GetCommand({ TableName: stack.config.enquiriesTable, Key: { id }, ConsistentRead: true }),
    )
    return storedExpiryFinding(Item, policy, place, `POST ${contactApi.path}`)
  } finally {
    reader.destroy()
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
    await stack.close()
  }
}
