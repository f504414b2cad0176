import { describe, expect, it } from 'vitest'
import { overlaps } from './overlap.ts'

const box = (left: number, top: number, size = 10) => ({
  left,
  top,
  right: left + size,
  bottom: top + size,
})

describe('overlaps', () => {
  it('is true when the boxes share area', () => {
    expect(overlaps(box(0, 0), box(5, 5))).toBe(true)
    expect(overlaps(box(0, 0, 100), box(40, 40))).toBe(true)
  })

  it('is false when they only touch or are apart', () => {
    expect(overlaps(box(0, 0), box(10, 0))).toBe(false)
    expect(overlaps(box(0, 0), box(0, 10))).toBe(false)
    expect(overlaps(box(0, 0), box(50, 50))).toBe(false)
  })
})
