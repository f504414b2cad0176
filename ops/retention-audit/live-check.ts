import { once } from 'node:events'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb'
import type { Finding } from '#functions/retention-audit/finding.ts'
import type { RetentionPolicy } from '#functions/retention-audit/policy.ts'
import { contactApi } from '#shared/contact.ts'
import { auditSubmission, storedExpiryFinding } from './expiry.ts'

/**
 * The local stack the live check posts to, as the command line starts it (ops' operations never
 * import local/: `npm run audit:retention` chooses the stack and passes it in).
 */
export interface AuditStack {
  /** Serves `/api/*` as CloudFront's behaviour does. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>
  /** Reads the table directly. */
  readonly table: DynamoDBDocumentClient
  readonly config: { readonly enquiriesTable: string }
  close(): Promise<void>
}

/**
 * Through the local stack, as a visitor would: POST an enquiry to the contact API (dynalite and
 * the SES emulator, on free ports), read the stored item back, and compare its expiry with the
 * same moment three calendar years on.
 */
export async function liveExpiryCheck(
  policy: RetentionPolicy,
  startStack: () => Promise<AuditStack>,
): Promise<Finding> {
  const place = 'Live check through the local stack'
  const stack = await startStack()
  const server = createServer((req, res) => {
    stack.handle(req, res).catch(() => res.destroy())
  }).listen(0, '127.0.0.1')
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
    const { Item } = await stack.table.send(
      new GetCommand({ TableName: stack.config.enquiriesTable, Key: { id }, ConsistentRead: true }),
    )
    return storedExpiryFinding(Item, policy, place, `POST ${contactApi.path}`)
  } finally {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
    await stack.close()
  }
}
