/**
 * A contact function that dies between storing an enquiry and e-mailing it: run as a child
 * process by the crash scenario (infra/local/faults.ts) with the functions' environment and an
 * enquiry as its argument. The SES client's first middleware kills the process outright
 * (SIGKILL: no finally blocks, no answer), as a Lambda timeout or an out-of-memory kill would.
 */
import { createAwsClients } from '../../functions/aws-clients.ts'
import { loadFunctionConfig } from '../../functions/config.ts'
import { createContactHandler } from '../../functions/contact/create-handler.ts'
import { silentLogger } from '../../functions/log.ts'
import { jsonEvent, testContext } from '../../functions/test-fixtures/test-support.ts'

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
const response = await handler(jsonEvent(JSON.parse(process.argv[2] ?? '{}')), testContext)
// Only reached if the crash did not happen.
console.log(response.statusCode)
