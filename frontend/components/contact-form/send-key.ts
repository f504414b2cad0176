import { SEND_KEY, sessionStore } from './draft-storage.ts'
import type { SubmissionKey } from './rules.ts'

/**
 * The idempotency key the draft was last sent with, kept beside the draft in this tab's session
 * storage: when the API could not say whether a send arrived (no answer, or its own 504) and the
 * visitor sends the same draft again, from this page or after a reload or Back, the API sees the
 * same key and stores one enquiry. A changed draft gets a new key (`submissionKey`).
 */
export function readSendKey(storage = sessionStore()): SubmissionKey | undefined {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(SEND_KEY) ?? 'null')
    const { fingerprint, key } = (parsed ?? {}) as Record<string, unknown>
    return typeof fingerprint === 'string' && typeof key === 'string'
      ? { fingerprint, key }
      : undefined
  } catch {
    return undefined
  }
}

export function keepSendKey(sent: SubmissionKey, storage = sessionStore()): void {
  try {
    storage?.setItem(SEND_KEY, JSON.stringify(sent))
  } catch {
    // Full or refused: a resend from this page still reuses the key it holds.
  }
}
