import { describe, expect, it, vi } from 'vitest'
import { lazyImport } from './lazy-import.ts'

describe('a lazily imported module', () => {
  it('is loaded once and shared', async () => {
    const load = vi.fn(async () => ({ answer: 42 }))
    const get = lazyImport(load)
    const first = get()
    expect(get()).toBe(first)
    await expect(first).resolves.toEqual({ answer: 42 })
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('is tried again after a failed load', async () => {
    const load = vi
      .fn<() => Promise<{ answer: number }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({ answer: 42 })
    const get = lazyImport(load)
    await expect(get()).rejects.toThrow('Failed to fetch')
    await expect(get()).resolves.toEqual({ answer: 42 })
    expect(load).toHaveBeenCalledTimes(2)
  })
})
