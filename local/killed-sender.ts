import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import type { FaultStack } from './fault-stack.ts'
import { localCredentials } from './pipeline.ts'

/** When the sender dies (local/kill-sender.ts says each). */
export type KillMoment = 'first-call' | 'before-send' | 'after-send'

const killScript = fileURLToPath(new URL('./kill-sender.ts', import.meta.url))

/**
 * One enquiry (`body`, as the form posts it) stored by the contact function in a child process on
 * `stack`, whose enquiry sender is then killed at `moment`: whether it died as planned (SIGKILL,
 * nothing printed), and how it ended, in words.
 */
export async function killedSender(stack: FaultStack, body: string, moment: KillMoment) {
  const child = spawn(process.execPath, [killScript, body, moment], {
    env: {
      ...process.env,
      ...stack.env,
      AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => {
    output += String(chunk)
  })
  const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null]
  return {
    died: signal === 'SIGKILL' && output === '',
    detail: `exit ${signal ?? code}, ${output === '' ? 'no answer' : `answered ${output.trim()}`}`,
  }
}
