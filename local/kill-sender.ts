/**
 * The enquiry sender killed: run as a child process (local/killed-sender.ts) with the functions'
 * environment, an enquiry and a moment as its arguments. The contact function stores the
 * enquiry; the enquiry sender its write starts (as the table's stream would) is killed outright
 * (SIGKILL: no finally blocks, no record), as a Lambda time-out or an out-of-memory kill would:
 * `first-call` at its first call (before it read or claimed anything), `before-send` once it has
 * claimed the enquiry, just before SendEmail leaves, `after-send` the moment SES has accepted
 * the e-mail. Nothing is printed before that.
 */
import type { IncomingMessage } from 'node:http'
import type { DynamoDBStreamEvent } from 'aws-lambda'
import { createAwsClients, createDocumentClient } from '#functions/aws-clients.ts'
import { loadFunctionConfig } from '#functions/config.ts'
import { createContactHandler } from '#functions/contact/create-handler.ts'
import { createSenderHandler } from '#functions/enquiry-sender/create-handler.ts'
import { silentLogger } from '#functions/log.ts'
import { lambdaContext, toHttpApiEvent } from './api-gateway.ts'
import type { KillMoment } from './killed-sender.ts'

const [body = '{}', moment = 'after-send'] = process.argv.slice(2) as [string, KillMoment]
const config = loadFunctionConfig(process.env)
const contact = createContactHandler({
  config,
  clients: { documentClient: createDocumentClient(config) },
  log: silentLogger,
})
const request = {
  url: '/api/contacts',
  method: 'POST',
  httpVersion: '1.1',
  headers: { 'content-type': 'application/json', host: 'localhost' },
  socket: { remoteAddress: '127.0.0.1' },
} as unknown as IncomingMessage
const response = await contact(toHttpApiEvent(request, Buffer.from(body)), lambdaContext('contact'))
const { id } = JSON.parse(String(response.body)) as { id: string }

const clients = createAwsClients(config)
const kill = () => {
  process.kill(process.pid, 'SIGKILL')
  return new Promise<never>(() => {})
}
if (moment === 'first-call') {
  clients.documentClient.middlewareStack.add(() => kill, {
    step: 'initialize',
    name: 'killAtFirstCall',
  })
}
clients.ses.middlewareStack.add(
  (next) => async (args) => {
    if (moment === 'before-send') return kill()
    await next(args)
    return kill()
  },
  { step: 'initialize', name: 'killMidSend' },
)
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
// Only reached if the kill did not happen.
console.log(response.statusCode)
