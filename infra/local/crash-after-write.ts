/**
 * A contact function that dies between storing an enquiry and e-mailing it: run as a child
 * process by the crash scenario (infra/local/faults.ts) with the functions' environment and an
 * enquiry as its argument. The SES client's first middleware kills the process outright
 * (SIGKILL: no finally blocks, no answer), as a Lambda timeout or an out-of-memory kill would.
 */
import type { IncomingMessage } from 'node:http'
import { createAwsClients } from '../../functions/aws-clients.ts'
import { loadFunctionConfig } from '../../functions/config.ts'
import { createContactHandler } from '../../functions/contact/create-handler.ts'
import { silentLogger } from '../../functions/log.ts'
import { lambdaContext, toHttpApiEvent } from './api-gateway.ts'

const config = loadFunctionConfig(process.env)
const clients = createAwsClients(config)
clients.ses.middlewareStack.add(
  () => () => {
    process.kill(process.pid, 'SIGKILL')
    return new Promise(() => {})
  },
  { step: 'initialize', name: 'crashBeforeSending' },
)
const handler = createContactHandler({ config, clients, log: silentLogger })
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
const response = await handler(event, lambdaContext('contact'))
// Only reached if the crash did not happen.
console.log(response.statusCode)
