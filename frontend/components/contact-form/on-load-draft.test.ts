import { describe, expect, it } from 'vitest'
import { sampleEnquiry } from '#shared/sample-enquiry.ts'
import { clearDraft, DRAFT_KEY } from './draft-storage.ts'
import { readDraft, saveDraft } from './on-load-draft.ts'
import { emptyValues } from './rules.ts'

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial))
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      items.set(key, value)
    },
    removeItem: (key: string) => {
      items.delete(key)
    },
  }
}

describe('the contact form draft', () => {
  it('keeps every field and gives them back', () => {
    const storage = memoryStorage()
    saveDraft(sampleEnquiry, storage)
    expect(readDraft(storage)).toEqual(sampleEnquiry)
  })

  it('stores nothing for an empty form, and forgets on clear', () => {
    const storage = memoryStorage()
    saveDraft({ ...emptyValues, message: 'Hello there' }, storage)
    expect(storage.items.has(DRAFT_KEY)).toBe(true)
    saveDraft(emptyValues, storage)
    expect(storage.items.has(DRAFT_KEY)).toBe(false)
    saveDraft(sampleEnquiry, storage)
    clearDraft(storage)
    expect(readDraft(storage)).toEqual({})
  })

  it('ignores a damaged or foreign value, and unknown fields', () => {
    for (const stored of ['not json', 'null', '[1]', '{"firstName":3,"website":"x"}']) {
      expect(readDraft(memoryStorage({ [DRAFT_KEY]: stored }))).toEqual({})
    }
    expect(
      readDraft(memoryStorage({ [DRAFT_KEY]: '{"message":"Hi there!","website":"spam"}' })),
    ).toEqual({ message: 'Hi there!' })
  })

  it('goes on without storage that refuses or is missing', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError')
      },
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
      removeItem: () => {
        throw new Error('SecurityError')
      },
    }
    expect(() => saveDraft(sampleEnquiry, refusing)).not.toThrow()
    expect(() => clearDraft(refusing)).not.toThrow()
    expect(readDraft(refusing)).toEqual({})
    expect(readDraft(undefined)).toEqual({})
  })
})
