import { afterEach, describe, expect, it, vi } from 'vitest'
import { readConsent, saveConsent } from './storage.ts'

function memoryStorage(failOn?: (key: string) => boolean) {
  const items = new Map<string, string>()
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (failOn?.(key)) throw new DOMException('quota exceeded', 'QuotaExceededError')
      items.set(key, value)
    },
    removeItem: (key: string) => void items.delete(key),
  }
}

const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
afterEach(() => warn.mockClear())

describe('readConsent', () => {
  it('returns a stored choice', () => {
    const storage = memoryStorage()
    storage.items.set('cookie-consent', 'accepted')
    expect(readConsent(() => storage)).toBe('accepted')
    storage.items.set('cookie-consent', 'declined')
    expect(readConsent(() => storage)).toBe('declined')
  })

  it('assumes no choice when nothing, or something unexpected, is stored', () => {
    const storage = memoryStorage()
    expect(readConsent(() => storage)).toBeUndefined()
    storage.items.set('cookie-consent', 'true')
    expect(readConsent(() => storage)).toBeUndefined()
  })

  it('assumes no choice when storage cannot be read', () => {
    const blocked = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError')
    }
    expect(readConsent(blocked)).toBeUndefined()
    const throwing = { ...memoryStorage(), getItem: blocked }
    expect(readConsent(() => throwing)).toBeUndefined()
    expect(warn).not.toHaveBeenCalled()
  })
})

describe('saveConsent', () => {
  it('stores the choice and its ISO date', () => {
    const storage = memoryStorage()
    const now = new Date('2026-11-05T10:20:30.000Z')
    expect(saveConsent('declined', now, () => storage)).toBe(true)
    expect(Object.fromEntries(storage.items)).toEqual({
      'cookie-consent': 'declined',
      'cookie-consent-date': '2026-11-05T10:20:30.000Z',
    })
    expect(warn).not.toHaveBeenCalled()
  })

  it('warns and reports failure when storage is unavailable', () => {
    const blocked = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError')
    }
    expect(saveConsent('accepted', new Date(), blocked)).toBe(false)
    expect(warn).toHaveBeenCalledExactlyOnceWith('Unable to save cookie consent preference')
  })

  it('leaves no choice without a date when only the second write fails', () => {
    const storage = memoryStorage((key) => key === 'cookie-consent-date')
    expect(saveConsent('accepted', new Date(), () => storage)).toBe(false)
    expect(storage.items.size).toBe(0)
    expect(readConsent(() => storage)).toBeUndefined()
    expect(warn).toHaveBeenCalledExactlyOnceWith('Unable to save cookie consent preference')
  })
})
