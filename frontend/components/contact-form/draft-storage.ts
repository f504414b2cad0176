/**
 * Where the contact form keeps the visitor's draft (on-load-draft.ts), and how it is removed. A
 * module without imports, so a page that only removes the draft (/contact/sent) loads nothing
 * else.
 */
export const DRAFT_KEY = 'contact-form-draft'

export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** Session storage, or nothing where it is unavailable (blocked, or a sandboxed frame). */
export function sessionStore(): DraftStorage | undefined {
  try {
    return globalThis.sessionStorage
  } catch {
    return undefined
  }
}

export function clearDraft(storage = sessionStore()): void {
  try {
    storage?.removeItem(DRAFT_KEY)
  } catch {
    // Nothing stored then.
  }
}
