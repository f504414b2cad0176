import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { sampleEnquiry } from '#shared/sample-enquiry.ts'
import type { DrillResult } from '../drill-report.ts'
import type { FaultStack } from '../fault-stack.ts'
import { localCredentials } from '../pipeline.ts'
import { deliveredAfter, deliveryChecks, deliveryFigures } from './delivery-tally.ts'
import { check, drillEmail } from './under-load.ts'

const killScript = fileURLToPath(new URL('../kill-after-send.ts', import.meta.url))

/** One enquiry stored and its sender killed at `moment`; resolves the signal it died of. */
async function killedMidSend(stack: FaultStack, email: string, moment: string) {
  const child = spawn(
    process.execPath,
    [killScript, JSON.stringify({ ...sampleEnquiry, email }), moment],
    {
      env: {
        ...process.env,
        ...stack.env,
        AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
        AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  let output = ''
  child.stdout.on('data', (chunk) => {
    output += String(chunk)
  })
  const [, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null]
  return signal === 'SIGKILL' && output === ''
}

/**
 * The stream's sender killed (SIGKILL, as a Lambda time-out would) the moment SES accepted an
 * enquiry's e-mail, before it could record it; and another killed just before its send, after
 * claiming it. The first must never be e-mailed again; the second must be sent by the retry
 * within two minutes of the kill.
 */
export async function senderKilled(stack: FaultStack): Promise<DrillResult> {
  const startedAt = Date.now()
  const email = drillEmail('killed')
  const afterSend = await killedMidSend(stack, email, 'after-send')
  const beforeSend = await killedMidSend(stack, email, 'before-send')
  const recoveredAt = Date.now()
  const stored = await stack.storedFor(email)
  const delivery = await deliveredAfter(stack, { email, startedAt, recoveredAt })
  return {
    name: 'the stream sender killed after SES accepted (and one before)',
    figures: [
      `${stored.length} stored, senders killed ${afterSend && beforeSend ? 'as planned' : 'not as planned'}`,
      ...deliveryFigures(delivery),
    ],
    checks: [
      check('both senders died mid-send, without a word', afterSend && beforeSend),
      check('both enquiries stored', stored.length === 2),
      ...deliveryChecks(delivery),
    ],
  }
}
