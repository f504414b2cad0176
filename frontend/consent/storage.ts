import { CONSENT_DATE_KEY, CONSENT_KEY, type ConsentChoice, consentChoices } from './constants.ts'

/**
 * Reading and writing the visitor's choice. Storage is passed as a getter because merely touching
 * `window.localStorage` throws when the browser blocks site data.
 */
export type StorageSource = () => Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** The stored choice; anything unreadable or unrecognised counts as no choice. */
export function readConsent(storage: StorageSource): ConsentChoice | undefined {
  try {
    const value = storage().getItem(CONSENT_KEY)
    return consentChoices.find((choice) => choice === value)
  } catch {
    return undefined
  }
}

/** Stores the choice with its date; on failure warns, leaves no half-written choice, and returns false. */
export function saveConsent(choice: ConsentChoice, now: Date, storage: StorageSource): boolean {
  try {
    const store = storage()
    try {
      store.setItem(CONSENT_KEY, choice)
      store.setItem(CONSENT_DATE_KEY, now.toISOString())
    } catch (error) {
      // A choice without its date is not a recorded choice: undo the first write if it landed.
      store.removeItem(CONSENT_KEY)
      throw error
    }
    return true
  } catch {
    console.warn('Unable to save cookie consent preference')
    return false
  }
}
