import { describe, expect, it } from 'vitest'
import { HttpError } from '#frontend/api/request.ts'
import { sampleEnquiry } from '#shared/sample-enquiry.ts'
import { clearDraft, DRAFT_KEY, SEND_KEY } from './draft-storage.ts'
import { readDraft, saveDraft } from './on-load-draft.ts'
import { emptyValues, failureReason, submissionKey } from './rules.ts'
import { keepSendKey, readSendKey } from './send-key.ts'

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

let keys = 0
const newKey = () => `key-${++keys}`

describe('the key a draft was sent with', () => {
  it('is the same after a reload for the same draft, so a send of unknown outcome sent again is one enquiry', () => {
    const storage = memoryStorage()
    // The first page: sent, no answer the visitor could trust.
    const sent = submissionKey(readSendKey(storage), sampleEnquiry, newKey)
    keepSendKey(sent, storage)
    // A fresh page of the same tab, the draft restored: the same key goes again.
    const again = submissionKey(readSendKey(storage), { ...sampleEnquiry }, newKey)
    expect(again.key).toBe(sent.key)
    // A changed draft is another enquiry.
    const edited = submissionKey(
      readSendKey(storage),
      { ...sampleEnquiry, message: `${sampleEnquiry.message} And one more thing.` },
      newKey,
    )
    expect(edited.key).not.toBe(sent.key)
  })

  it('is forgotten with the draft once the enquiry is sent, and a damaged one is ignored', () => {
    const storage = memoryStorage()
    keepSendKey(submissionKey(undefined, sampleEnquiry, newKey), storage)
    clearDraft(storage)
    expect(storage.items.has(SEND_KEY)).toBe(false)
    for (const stored of ['not json', 'null', '[1]', '{"key":3}']) {
      expect(readSendKey(memoryStorage({ [SEND_KEY]: stored }))).toBeUndefined()
    }
  })

  it('is kept for the API’s own 504, whose words say sending again is safe', () => {
    expect(
      failureReason(new HttpError(504, 'Gateway Timeout', '{"message":"could not confirm"}')),
    ).toBe('timedOut')
  })
})
