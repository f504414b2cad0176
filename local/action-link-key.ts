import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'

/**
 * The local stack's own key for the digest's signed links (in AWS, a Secrets Manager secret
 * generated at deploy time): made on first use, kept beside the local data so `npm start` and
 * `npm run enquiries -- digest` sign and check with the same one, and never committed (the data
 * folder is git-ignored). Delete it to make every local link so far invalid.
 */
export const localActionLinkKeyFile = new URL('../.data/action-link-key', import.meta.url).pathname

export function localActionLinkKey(file: string = localActionLinkKeyFile): string {
  try {
    const existing = readFileSync(file, 'utf8').trim()
    if (existing.length >= 32) return existing
  } catch {
    // None yet: made below.
  }
  const key = randomBytes(32).toString('base64url')
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, `${key}\n`, { mode: 0o600 })
  return key
}
