import { createHash } from 'node:crypto'
import { normaliseEmail } from '#shared/enquiry-table.ts'

/** How far back an identical message from another address counts against an enquiry. */
export const REPEAT_WINDOW_MS = 24 * 60 * 60 * 1000

/**
 * Messages shorter than this (once normalised) are not fingerprinted: two people may well both
 * write "Please call me back" on the same day.
 */
export const MIN_FINGERPRINTED_LENGTH = 30

/** The attributes an enquiry carries for the `by-message` index (absent for short messages). */
export interface MessageKeys {
  /** SHA-256 of the normalised message: the index's partition key. */
  readonly messageHash: string
  /** `createdAt#sender`, sender a short hash of the address: sorts by time, tells senders apart. */
  readonly messageSender: string
}

/** The message as a spammer's copies share it: case, spacing and punctuation do not count. */
export function normaliseMessage(message: string): string {
  return message
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

function senderOf(email: string): string {
  return createHash('sha256').update(normaliseEmail(email)).digest('base64url').slice(0, 16)
}

export function messageKeys(
  enquiry: { readonly message: string; readonly email: string },
  createdAt: Date,
): MessageKeys | undefined {
  const normalised = normaliseMessage(enquiry.message)
  if (normalised.length < MIN_FINGERPRINTED_LENGTH) return undefined
  return {
    messageHash: createHash('sha256').update(normalised).digest('base64url'),
    messageSender: `${createdAt.toISOString()}#${senderOf(enquiry.email)}`,
  }
}
