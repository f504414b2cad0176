import { RECORD_TRIES } from './send-timing.ts'
import { isConditionalCheckFailure } from './store.ts'

/** Waits `ms`, or until `signal` fires (real time, or a test's clock). */
export type Pause = (ms: number, signal: AbortSignal) => Promise<void>

const realPause: Pause = (ms, signal) =>
  new Promise((resolve) => {
    const timer = setTimeout(done, ms)
    signal.addEventListener('abort', done, { once: true })
    function done() {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
  })

/**
 * A write that must land: tried up to RECORD_TRIES times, 0.25, 0.5, 1, 2 and 4 s apart, until
 * one succeeds or `signal` fires; the last failure is thrown, and a refused condition at once (the
 * item is gone: trying again changes nothing). For writes that are safe to repeat (conditional,
 * or setting the same facts), each try under `signal`. The SDK's own three attempts
 * per try cover a blip; these cover DynamoDB slow or refusing for seconds.
 */
export async function retriedWrite<T>(
  write: (signal: AbortSignal) => Promise<T>,
  signal: AbortSignal,
  pause: Pause = realPause,
): Promise<T> {
  for (let tried = 1; ; tried++) {
    try {
      return await write(signal)
    } catch (error) {
      if (tried >= RECORD_TRIES || signal.aborted || isConditionalCheckFailure(error)) throw error
    }
    await pause(250 * 2 ** (tried - 1), signal)
    if (signal.aborted) throw signal.reason
  }
}
