/**
 * An enquiry whose e-mail dies between its write and its send: run as a child process by the
 * crash scenario (infra/local/faults.ts) with the functions' environment and an enquiry as its
 * argument. The contact function stores it; the enquiry sender its write starts (as the table's
 * stream would) is killed outright (SIGKILL: no finally blocks, no answer) at its first call, as a
 * Lambda timeout or an out-of-memory kill would. Nothing is printed before that.
 */
import { createAwsClients, createDocumentClient } from '../../functions/aws-clients.ts'
import { loadFunctionConfig } from '../../functions/config.ts'
import { createContactHandler } from '../../functions/contact/create-handler.ts'
import { createSenderHandler } from '../../functions/enquiry-sender/create-handler.ts'
import { silentLogger } from '../../functions/log.ts'
import { streamEventOf } from '../../functions/test-fixtures/stream-trigger.ts'
import { jsonEvent, testContext } from '../../functions/test-fixtures/test-support.ts'

const config = loadFunctionConfig(process.env)
const contact = createContactHandler({
  config,
  clients: { documentClient: createDocumentClient(config) },
  log: silentLogger,
})
const response = await contact(jsonEvent(JSON.parse(process.argv[2] ?? '{}')), testContext)
const { id } = JSON.parse(String(response.body)) as { id: string }

const clients = createAwsClients(config)
clients.documentClient.middlewareStack.add(
  () => () => {
    process.kill(process.pid, 'SIGKILL')
    return new Promise(() => {})
  },
  { step: 'initialize', name: 'crashBeforeSending' },
)
await createSenderHandler({ config, clients, log: silentLogger })(
  streamEventOf([{ id, emailPending: 'PENDING' }]),
)
// Only reached if the crash did not happen.
console.log(response.statusCode)
