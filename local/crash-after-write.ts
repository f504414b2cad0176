/**
 * An enquiry whose e-mail dies between its write and its send: run as a child process by the
 * crash scenario (local/faults.ts) with the functions' environment and an enquiry as its
 * argument. The contact function stores it; the enquiry sender its write starts (as the table's
 * stream would) is killed outright (SIGKILL: no finally blocks, no answer) at its first call, as a
 * Lambda timeout or an out-of-memory kill would. Nothing is printed before that.
 */
import type { IncomingMessage } from 'node:http'
import type { DynamoDBStreamEvent } from 'aws-lambda'
import { createAwsClients, createDocumentClient } from '#functions/aws-clients.ts'
import { loadFunctionConfig } from '#functions/config.ts'
import { createContactHandler } from '#functions/contact/create-handler.ts'
import { createSenderHandler } from '#functions/enquiry-sender/create-handler.ts'
import { silentLogger } from '#functions/log.ts'
import { lambdaContext, toHttpApiEvent } from './api-gateway.ts'

const config = loadFunctionConfig(process.env)
const contact = createContactHandler({
  config,
  clients: { documentClient: createDocumentClient(config) },
  log: silentLogger,
})
// The request as the local stack's API Gateway adapter would pass it on (no test fixtures here:
// this runs as part of the product's fault scenarios).
const request = {
  url: '/api/contacts',
  method: 'POST',
  httpVersion: '1.1',
  headers: { 'content-type': 'application/json', host: 'localhost' },
  socket: { remoteAddress: '127.0.0.1' },
} as unknown as IncomingMessage
const event = toHttpApiEvent(request, Buffer.from(process.argv[2] ?? '{}'))
const response = await contact(event, lambdaContext('contact'))
const { id } = JSON.parse(String(response.body)) as { id: string }

const clients = createAwsClients(config)
clients.documentClient.middlewareStack.add(
  () => () => {
    process.kill(process.pid, 'SIGKILL')
    return new Promise(() => {})
  },
  { step: 'initialize', name: 'crashBeforeSending' },
)
// The record the table's stream hands the sender for that write (keys only being read).
const record: DynamoDBStreamEvent = {
  Records: [
    {
      eventName: 'INSERT',
      eventSource: 'aws:dynamodb',
      dynamodb: { Keys: { id: { S: id } }, SequenceNumber: '1' },
    },
  ],
}
await createSenderHandler({ config, clients, log: silentLogger })(record)
// Only reached if the crash did not happen.
console.log(response.statusCode)
