/**
 * Where the contact form keeps the visitor's draft (on-load-draft.ts), and how it is removed. A
 * module without imports, so a page that only removes the draft (/contact/sent) loads nothing
 * else.
 */
export const DRAFT_KEY = 'contact-form-draft'

/**
 * Where the idempotency key of the draft's last send is kept (send-key.ts): a send whose outcome
 * was unknown, sent again from a fresh page, is the same submission to the API.
 */
export const SEND_KEY = 'contact-form-send-key'

export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** Session storage, or nothing where it is unavailable (blocked, or a sandboxed frame). */
export function sessionStore(): DraftStorage | undefined {
  try {
    return globalThis.sessionStorage
  } catch {
    return undefined
  }
}

/** Forgets the draft and its send's key (once it is sent). */
export function clearDraft(storage = sessionStore()): void {
  try {
    storage?.removeItem(DRAFT_KEY)
    storage?.removeItem(SEND_KEY)
  } catch {
    // Nothing stored then.
  }
}
